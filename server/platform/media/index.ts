/**
 * Media: uploaded pictures made into the copies the pages show, kept in a store, served at
 * /media/<key> (ADR 0037). Platform layer: no domain imports. The public surface:
 *
 *   processPicture(bytes, options?)   picture.ts  the pipeline; refusals are values, not exceptions
 *   savePicture / deletePicture       picture.ts  put or remove a picture's files in a store
 *   MediaStore, MediaKeyError         store.ts    put / get (streamed) / stat / exists / delete
 *   localMediaStore(dir)              local-store.ts  DATA_DIR/media (the embedded default)
 *   s3MediaStore(options)             s3-store.ts     S3-compatible object storage
 *   parseMediaConfig, openMediaStore  config.ts   MEDIA_S3_* or local, from the environment
 *   mediaHandler({ store, logger })   serve.ts    GET/HEAD /media/<key>
 *
 * The picture's description (`MediaPicture`), its keys and its srcset are in
 * shared/platform/media.ts; the `<Picture>` component in shared/ui/picture.tsx.
 */
export { processPicture, savePicture, deletePicture, variantWidths, ENCODERS, MAX_PICTURE_BYTES, MAX_PICTURE_PIXELS } from './picture';
export type { PictureOptions, PictureRefusal, PictureRefusalCode, ProcessedPicture, PictureFile } from './picture';
export { MediaKeyError, contentHash, mediaKeyFor, type MediaStore, type PictureCopyOf, type MediaObject, type MediaInfo } from './store';
export { localMediaStore } from './local-store';
export { s3MediaStore, type S3MediaOptions } from './s3-store';
export { parseMediaConfig, openMediaStore, MediaConfigError, type MediaConfig } from './config';
export { mediaHandler } from './serve';
