/** The part of `busboy` (no types of its own in the lock file) the streamed operator upload uses. */
declare module 'busboy' {
  import type { Readable, Writable } from 'node:stream';
  export type FileInfo = { filename: string | undefined; encoding: string; mimeType: string };
  export type BusboyConfig = {
    headers: Record<string, string | undefined>;
    defParamCharset?: string;
    limits?: { fieldSize?: number; fields?: number; fileSize?: number; files?: number; parts?: number };
  };
  export interface Busboy extends Writable {
    on(event: 'file', listener: (name: string, stream: Readable & { truncated: boolean }, info: FileInfo) => void): this;
    on(event: 'field', listener: (name: string, value: string) => void): this;
    on(event: 'close' | 'finish', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'partsLimit' | 'filesLimit' | 'fieldsLimit', listener: () => void): this;
  }
  export default function busboy(config: BusboyConfig): Busboy;
}
