/**
 * The embedded media store: files under one folder (DATA_DIR/media), in sub-folders named by
 * the key's first two hex digits (so no folder grows past a few thousand files). A file is
 * written to a temporary name and renamed into place, so a reader never sees half a file and a
 * crash leaves no torn one. The type is the key's extension (the key is made from it).
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mediaStoreOn, type MediaStore } from './store';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function localMediaStore(dir: string): MediaStore {
  const root = path.resolve(dir);
  // Keys reach here checked (mediaStoreOn); the folder check is the belt to those braces.
  const fileOf = (key: string) => {
    const file = path.join(root, key.slice(0, 2), key);
    if (path.dirname(path.dirname(file)) !== root) throw new Error(`media path outside the store: ${key}`);
    return file;
  };
  const head = async (key: string) => {
    try {
      const s = await stat(fileOf(key));
      return s.isFile() ? { size: s.size, lastModified: s.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return mediaStoreOn({
    kind: 'local',
    head,
    async read(key) {
      const info = await head(key);
      return info && { ...info, body: createReadStream(fileOf(key)) };
    },
    async write(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  });
}
