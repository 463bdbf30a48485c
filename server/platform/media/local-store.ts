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
import { mediaTypeOfKey, type PictureVariantType } from '../../../shared/platform/media';
import { assertMediaKey, assertMediaType, mediaKeyFor, type MediaInfo, type MediaObject, type MediaStore } from './store';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function localMediaStore(dir: string): MediaStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertMediaKey(key);
    const file = path.join(root, key.slice(0, 2), key);
    // The key's shape already rules it out; this is the belt to those braces.
    if (path.dirname(path.dirname(file)) !== root) throw new Error(`media path outside the store: ${key}`);
    return file;
  };

  async function statOf(key: string): Promise<MediaInfo | null> {
    const file = fileOf(key);
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { key, type: mediaTypeOfKey(key)!, size: s.size, lastModified: s.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 'local',
    async put(bytes: Uint8Array, type: PictureVariantType) {
      assertMediaType(type);
      const key = mediaKeyFor(bytes, type);
      const file = fileOf(key);
      if (await statOf(key)) return key;
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return key;
    },
    async get(key: string): Promise<MediaObject | null> {
      const info = await statOf(key);
      if (!info) return null;
      return { ...info, body: createReadStream(fileOf(key)) };
    },
    stat: statOf,
    async exists(key: string) {
      return (await statOf(key)) !== null;
    },
    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },
  };
}
