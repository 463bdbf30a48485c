import { Node, mergeAttributes } from '@tiptap/core';
import { pictureSources, type MediaPicture } from '../../platform/media';

export interface PictureNodeOptions {
  /** The MediaPicture of an id, for the editor's own preview (the page renders from the stored copies). */
  lookup: (id: string) => MediaPicture | undefined;
}

/**
 * The `picture` node of the rich-text document: an uploaded picture by its MediaPicture id, with
 * its description (alt text). Only the editor's "Picture" button makes one: pasted images are
 * dropped, since they are not uploads (`parseHTML` knows only this editor's own copy and paste).
 */
export const PictureNode = Node.create<PictureNodeOptions>({
  name: 'picture',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addOptions() {
    return { lookup: () => undefined };
  },
  addAttributes() {
    return {
      media: { default: null, parseHTML: (el) => el.getAttribute('data-media'), renderHTML: (a) => ({ 'data-media': a.media }) },
      alt: { default: '', parseHTML: (el) => el.getAttribute('alt') ?? '', renderHTML: (a) => ({ alt: a.alt }) },
    };
  },
  parseHTML() {
    return [{ tag: 'img[data-media]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes)];
  },
  addNodeView() {
    return ({ node }) => {
      const figure = document.createElement('figure');
      figure.className = 'rte__picture';
      const img = document.createElement('img');
      const caption = document.createElement('figcaption');
      const show = (media: unknown, alt: unknown) => {
        const picture = typeof media === 'string' ? this.options.lookup(media) : undefined;
        const src = picture ? pictureSources(picture) : null;
        if (src?.src) {
          img.src = src.src;
          img.width = src.width;
          img.height = src.height;
        }
        img.alt = typeof alt === 'string' ? alt : '';
        caption.textContent = typeof alt === 'string' && alt.trim() ? `Description: ${alt}` : 'No description yet: select the picture and choose “Describe”.';
        caption.classList.toggle('rte__picture-missing', !(typeof alt === 'string' && alt.trim()));
      };
      show(node.attrs.media, node.attrs.alt);
      figure.append(img, caption);
      return {
        dom: figure,
        update: (updated) => {
          if (updated.type.name !== 'picture') return false;
          show(updated.attrs.media, updated.attrs.alt);
          return true;
        },
      };
    };
  },
});
