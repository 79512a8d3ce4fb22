/**
 * Early requests (ARCHITECTURE §6; decision 0107): what the first screen needs is asked for by index.html's parser,
 * beside the framework's download, instead of once the framework has run and the boot reaches it.
 *
 * `earlyRequestsPlugin()` writes, at build time, a small inline script into index.html with the language chunks
 * (`locale-{lang}`, vite.config.ts) and, per signed-out path, the route's chunks with their static imports (less
 * what index.html preloads already). The script:
 * - guesses the language i18next will pick (the `i18next` cookie, else the first shipped browser language, else
 *   English), from the same sources as its detector; a wrong guess costs one small request;
 * - asks for the organization (`GET {apiOrigin}/organization/current` with the organization key, in that language)
 *   once the runtime config that `index.html` already asked for arrives: `window.__podiumOrganization`, which the
 *   organization query takes once when its language is the one i18next decided (src/lib/organization);
 * - on a page no service worker controls (a first visit), adds `<link rel="modulepreload" data-first-visit>` for
 *   the strings of that language and the current path's route chunks. A controlled page's files come from the
 *   worker's precache, where a preload link per file costs main-thread time and saves nothing (0106).
 * The shell's CSP hashes the script like the others (server security headers).
 */
import type { Plugin } from 'vite';

/**
 * A split chunk of the signed-out layout (`src/routes/_open.tsx`) or of a page under it (`src/routes/_open/`; group
 * 1: the page's file under it). Only signed-out pages: a page without a service worker is a first visit, and a first
 * visit is signed out.
 */
const OPEN_ROUTE_MODULE = /[\\/]src[\\/]routes[\\/]_open(?:\.tsx|[\\/](.+)\.tsx)\?tsr-split/;

/** What the plugin reads of a rolldown output chunk. */
interface ChunkLike {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * The URL path of a page's file under the layout (`login/index` → `/login`, `index` → `/`), or null for a page with a
 * path parameter (`$id`: its URL is not known at build time).
 */
function pagePath(page: string): string | null {
  if (page.includes('$')) return null;
  const path = `/${page.replace(/\\/g, '/')}`.replace(/\/index$/, '');
  return path === '' ? '/' : path;
}

/**
 * The preload map of a bundle: `locales` (language → URL of its first-screen strings) and `routes` (the path of a
 * signed-out page → URLs of its route chunks and their static imports, without the entry's own static imports).
 * Takes the bundle's chunks; returns the map.
 */
export function earlyPreloads(chunks: ChunkLike[]): { locales: Record<string, string>; routes: Record<string, string[]> } {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (files: string[], into = new Set<string>()): Set<string> => {
    for (const file of files) {
      if (into.has(file)) continue;
      into.add(file);
      closure(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const preloadedByHtml = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const locales: Record<string, string> = {};
  for (const chunk of chunks) {
    const language = /^locale-(\w+)$/.exec(chunk.name)?.[1];
    if (language) locales[language] = `/${chunk.fileName}`;
  }
  // The layout's split chunks, then each page's (a route may have several: its component, its loader).
  const layout: string[] = [];
  const pages = new Map<string, string[]>();
  for (const chunk of chunks) {
    const match = chunk.facadeModuleId ? OPEN_ROUTE_MODULE.exec(chunk.facadeModuleId) : null;
    if (!match) continue;
    if (match[1] === undefined) {
      layout.push(chunk.fileName);
      continue;
    }
    const path = pagePath(match[1]);
    if (path !== null) pages.set(path, [...(pages.get(path) ?? []), chunk.fileName]);
  }
  const routes: Record<string, string[]> = {};
  for (const [path, files] of pages) {
    routes[path] = [...closure([...layout, ...files])].filter((file) => !preloadedByHtml.has(file)).map((file) => `/${file}`);
  }
  return { locales, routes };
}

/** The inline script (ES5, run by the HTML parser): the language guess, the organization's request, the preloads. */
function earlyRequestsScript(map: ReturnType<typeof earlyPreloads>): string {
  return `(function (m) {
        var chosen = /(?:^|;\\s*)i18next=(\\w+)/.exec(document.cookie), language = chosen && m.locales[chosen[1]] ? chosen[1] : '';
        var browser = navigator.languages || [navigator.language];
        for (var i = 0; !language && i < browser.length; i++) if (m.locales[String(browser[i]).slice(0, 2)]) language = String(browser[i]).slice(0, 2);
        language = language || 'en';
        if (window.__podiumConfig && navigator.onLine !== false) {
          window.__podiumOrganization = window.__podiumConfig
            .then(function (response) { return response.clone().json(); })
            .then(function (config) {
              return fetch(String(config.apiOrigin).replace(/\\/+$/, '') + '/organization/current', {
                headers: { accept: 'application/json', 'accept-language': language, authorization: 'Bearer ' + config.organizationKey }
              });
            })
            .then(function (response) { return { language: language, response: response }; });
          window.__podiumOrganization.catch(function () {});
        }
        if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
        var urls = [m.locales[language]].concat(m.routes[location.pathname.replace(/\\/+$/, '') || '/'] || []);
        for (var j = 0; j < urls.length; j++) {
          if (!urls[j]) continue;
          var link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = urls[j];
          link.setAttribute('data-first-visit', '');
          document.head.appendChild(link);
        }
      })(${JSON.stringify(map)});`;
}

/**
 * Vite plugin (build only) adding the early requests' script to index.html, just before the entry's module
 * script: ahead of the stylesheet link, so the parser runs it at once instead of after the stylesheet has loaded.
 * Returns the plugin; its HTML transform throws when index.html has no module script.
 */
export function earlyRequestsPlugin(): Plugin {
  return {
    name: 'podium:early-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const chunks = Object.values(context.bundle).filter((output): output is typeof output & ChunkLike => output.type === 'chunk');
        const entryScript = html.indexOf('<script type="module"');
        if (entryScript < 0) throw new Error('index.html has no module script to put the early requests before');
        const script = `<script>${earlyRequestsScript(earlyPreloads(chunks))}</script>\n    `;
        return html.slice(0, entryScript) + script + html.slice(entryScript);
      },
    },
  };
}
