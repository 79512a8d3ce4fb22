/// <reference types="vite/client" />
/** Build version injected by vite.config.ts (`PODIUM_BUILD_VERSION` or the build time). */
declare const __APP_VERSION__: string;
