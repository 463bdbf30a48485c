/**
 * The staff's rich-text editor (TipTap on ProseMirror). Browser only and heavy (~100 kB of
 * ProseMirror): never import it statically. `RichTextField` (../rich-text-field.tsx) loads it
 * with `import()` once the page has hydrated, and shows the plain-text fallback until then and
 * without JavaScript. ADR 0037.
 *
 * Props
 *   value            the document to start from (RichTextDoc);
 *   onChange(json)   after a change: the document, in the schema's form when it passes
 *                    parseRichText (the server checks it again); called once typing or
 *                    formatting pauses (SERIALISE_MS), not in the tap or key press itself;
 *   name             when set, a hidden input of that name carries the JSON in the form (exact
 *                    whenever the form's data is read: its `formdata` event brings it up to date);
 *   label, labelId   the field's visible label (its id labels the editing area);
 *   describedBy      ids of the hint and error under the field;
 *   pictures         MediaPictures by id, for the pictures already in `value`;
 *   onUploadPicture(file) → Promise<{ picture } | { error }>: uploads a chosen file (the
 *                    colleague's upload endpoint, which runs processPicture) and answers the
 *                    stored MediaPicture or the refusal's message; without it there is no
 *                    Picture button.
 *
 * Toolbar: a `role="toolbar"` of labelled buttons, one stop in the tab order (a roving tabindex:
 * arrow keys, Home and End move between them, Tab leaves),
 * each 44 px, wrapping on a phone; toggles say their state with aria-pressed. The link and
 * picture-description dialogs are native `<dialog>`s (focus kept inside, Escape closes), with no
 * `<form>` of their own: the editor sits inside the editing screen's form, and Enter in a dialog
 * applies it instead of submitting that form.
 * The first answer to a tap or key press is the editor's own (the text, a toggle pressed); what
 * costs with a long text (the document as JSON, checked by the schema, the form's copy in this
 * browser, the autosave) runs after that has painted, once edits pause (ADR 0049).
 * Ctrl+K (Cmd+K on a Mac) opens the link dialog. Paste from Word and Google Docs keeps the structure
 * (paste.ts) and drops the styling.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { redoDepth, undoDepth } from '@tiptap/pm/history';
import type { MediaPicture } from '../../platform/media';
import { parseRichText, safeHref, type RichTextDoc } from '../../platform/rich-text';
import { cleanPastedHtml } from './paste';
import { PictureNode } from './picture-node';
import './editor.css';

export interface RichTextEditorProps {
  value: RichTextDoc;
  onChange?: (json: unknown) => void;
  name?: string;
  label: string;
  labelId: string;
  describedBy?: string;
  pictures?: Readonly<Record<string, MediaPicture>>;
  onUploadPicture?: (file: File) => Promise<{ picture: MediaPicture } | { error: string }>;
}

/** How long edits must pause before the document is serialised (the hidden input, onChange). */
const SERIALISE_MS = 250;

type Dialog = { kind: 'link'; href: string; error: string } | { kind: 'alt'; alt: string; error: string; media: string; inserting: boolean } | null;

const STYLES = [
  { value: 'p', label: 'Paragraph' },
  { value: '2', label: 'Heading' },
  { value: '3', label: 'Subheading' },
  { value: '4', label: 'Minor heading' },
] as const;

function ToolButton({ label, pressed, disabled, onClick, children }: { label: string; pressed?: boolean; disabled?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className="rte__button"
      aria-label={label}
      title={label}
      {...(pressed === undefined ? {} : { 'aria-pressed': pressed })}
      disabled={disabled}
      // Keep the text's selection: the button acts on it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * A toolbar command's chain with the text focused at once. TipTap's `focus()` moves focus in the next animation
 * frame; a keyboard user who presses a button and types at once (or a slow phone whose frame comes late) would
 * send the first letter to the button. Focusing the editable now (as TipTap itself does on iOS and Android) puts
 * every following key in the text; `focus()` still restores the selection.
 */
function now(e: Editor) {
  if (!e.view.hasFocus()) (e.view.dom as HTMLElement).focus({ preventScroll: true });
  return e.chain().focus();
}

/** The toolbar's toggles: name, what shows, the state that presses it, what it does (Link opens its dialog). */
const TOGGLES: { label: string; face: React.ReactNode; state: 'bold' | 'italic' | 'link' | 'bullet' | 'ordered' | 'quote'; run: (e: Editor) => void }[] = [
  { label: 'Bold', face: <b aria-hidden="true">B</b>, state: 'bold', run: (e) => now(e).toggleBold().run() },
  { label: 'Italic', face: <i aria-hidden="true">I</i>, state: 'italic', run: (e) => now(e).toggleItalic().run() },
  { label: 'Link', face: <span aria-hidden="true">Link</span>, state: 'link', run: () => {} },
  { label: 'Bulleted list', face: <span aria-hidden="true">Bulleted</span>, state: 'bullet', run: (e) => now(e).toggleBulletList().run() },
  { label: 'Numbered list', face: <span aria-hidden="true">Numbered</span>, state: 'ordered', run: (e) => now(e).toggleOrderedList().run() },
  { label: 'Quote', face: <span aria-hidden="true">“ ”</span>, state: 'quote', run: (e) => now(e).toggleBlockquote().run() },
];

/**
 * What the toolbar shows, read from the editor's state in every transaction (a toolbar tap's answer
 * is this, rendered): cheap reads only. Undo and Redo from the history's depth (TipTap's
 * `can().undo()` builds a dry-run chain of every command, twice per transaction), the text style
 * from one `isActive('heading')` and the heading's level.
 */
function toolbarState({ editor: e }: { editor: Editor | null }) {
  if (!e) return null;
  const level = e.isActive('heading') ? Number(e.getAttributes('heading').level) : 0;
  return {
    bold: e.isActive('bold'),
    italic: e.isActive('italic'),
    link: e.isActive('link'),
    bullet: e.isActive('bulletList'),
    ordered: e.isActive('orderedList'),
    quote: e.isActive('blockquote'),
    picture: e.isActive('picture'),
    style: level === 2 || level === 3 || level === 4 ? String(level) : 'p',
    canUndo: undoDepth(e.state) > 0,
    canRedo: redoDepth(e.state) > 0,
  };
}

type FieldProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string;
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
  autoFocus: true;
};

/**
 * One dialog's content: title, one labelled field with its hint or error, Cancel and the action.
 * Enter in the field applies (one line each; and never submits the editing screen's own form,
 * which holds the editor).
 */
function DialogBody(props: { id: string; title: string; label: string; hint: string; error: string; cancel: string; apply: string; onCancel: () => void; onApply: () => void; field: (p: FieldProps) => React.ReactNode }) {
  const { id, error } = props;
  return (
    <div className="rte__dialog-body">
      <h2 id={`${id}-dialog-title`} className="rte__dialog-title">
        {props.title}
      </h2>
      <label htmlFor={`${id}-field`}>{props.label}</label>
      {props.field({
        id: `${id}-field`,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': `${id}-note`,
        onKeyDown: (e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            props.onApply();
          }
        },
        autoFocus: true,
      })}
      <p id={`${id}-note`} className={error ? 'rte__error' : 'rte__hint'}>
        {error || props.hint}
      </p>
      <div className="rte__dialog-actions">
        <button type="button" className="rte__dialog-button" onClick={props.onCancel}>
          {props.cancel}
        </button>
        <button type="button" className="rte__dialog-button rte__dialog-button--primary" onClick={props.onApply}>
          {props.apply}
        </button>
      </div>
    </div>
  );
}

export default function RichTextEditor({ value, onChange, name, label, labelId, describedBy, pictures = {}, onUploadPicture }: RichTextEditorProps) {
  const known = useRef(new Map<string, MediaPicture>(Object.entries(pictures)));
  // The document as the form sends it: the hidden input's value, written when edits pause (or
  // when the form's data is read), never in the transaction itself.
  const [initialJson] = useState(() => JSON.stringify(value));
  const jsonRef = useRef<HTMLInputElement>(null);
  const dirty = useRef(false);
  const lastEdit = useRef(0);
  const serialiseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The pause's timer fired: serialise if edits paused SERIALISE_MS, else look again when they will have. */
  const pauseCheck = () => {
    const wait = lastEdit.current + SERIALISE_MS - performance.now();
    serialiseTimer.current = wait > 1 ? setTimeout(pauseCheck, wait) : undefined;
    if (wait <= 1) serialise.current();
  };
  const [dialog, setDialog] = useState<Dialog>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const id = useId();

  const editor = useEditor({
    immediatelyRender: false,
    // A React render only when what the toolbar shows changes (useEditorState below).
    shouldRerenderOnTransaction: false,
    // TipTap's 'delete' core extension replays every transaction's steps to announce deletions
    // nobody here listens to: off.
    enableCoreExtensions: { delete: false },
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => safeHref(url) !== null,
          shouldAutoLink: (url) => safeHref(url) !== null,
          HTMLAttributes: { rel: null, target: null, class: null },
        },
      }),
      PictureNode.configure({ lookup: (media) => known.current.get(media) }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rte__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: () => {
      // Serialised once edits pause: a long text's JSON and its check by the schema would
      // otherwise run in every key press and toolbar tap, before the browser could paint it.
      // One timer for the pause, not one per edit: it looks again when it fires.
      dirty.current = true;
      lastEdit.current = performance.now();
      if (serialiseTimer.current === undefined) serialiseTimer.current = setTimeout(pauseCheck, SERIALISE_MS);
    },
  });

  /**
   * The document into the hidden input, and to onChange: now, if it changed since the last time.
   * `later`: onChange in a task of its own (inside a form's `formdata` event, where it must not
   * read the form again: the autosave's copy in this browser does).
   */
  const serialise = useRef((later?: boolean) => void later);
  serialise.current = (later = false) => {
    clearTimeout(serialiseTimer.current);
    serialiseTimer.current = undefined;
    if (!dirty.current || !editor || editor.isDestroyed) return;
    dirty.current = false;
    // The schema's own form when it passes (TipTap's unused attributes dropped), else as it is
    // (the server's check then says what is wrong).
    const raw = editor.getJSON();
    const checked = parseRichText(raw);
    const next = checked.ok ? checked.doc : raw;
    if (jsonRef.current) jsonRef.current.value = JSON.stringify(next);
    if (later) setTimeout(() => onChangeRef.current?.(next), 0);
    else onChangeRef.current?.(next);
  };

  useLayoutEffect(() => {
    if (jsonRef.current) jsonRef.current.value = initialJson;
  }, [initialJson, name]);

  useEffect(() => {
    // Whoever reads the form (its submission, the autosave, this browser's copy) reads it through
    // `new FormData(form)`, whose `formdata` event comes before the entries are used: the text's
    // last edit is put in them there. And a tab closed within the pause still keeps it.
    const form = jsonRef.current?.form;
    const onFormData = (event: FormDataEvent) => {
      if (!dirty.current || !jsonRef.current) return;
      serialise.current(true);
      if (name) event.formData.set(name, jsonRef.current.value);
    };
    const onPageHide = () => serialise.current();
    form?.addEventListener('formdata', onFormData);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      form?.removeEventListener('formdata', onFormData);
      window.removeEventListener('pagehide', onPageHide);
      clearTimeout(serialiseTimer.current);
    };
  }, [editor, name]);

  const state = useEditorState({ editor, selector: toolbarState });

  useEffect(() => {
    const d = dialogRef.current;
    if (!d) return;
    if (dialog && !d.open) d.showModal();
    if (!dialog && d.open) d.close();
  }, [dialog]);

  const openLink = useCallback(() => {
    if (!editor) return;
    const href = (editor.getAttributes('link').href as string | undefined) ?? '';
    setDialog({ kind: 'link', href, error: '' });
  }, [editor]);

  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        openLink();
      }
    };
    dom.addEventListener('keydown', onKey);
    return () => dom.removeEventListener('keydown', onKey);
  }, [editor, openLink]);

  /**
   * Closes the dialog now, not in the effect after React's commit, and the caller then puts focus in the text at
   * once (`now`): the browser gives focus back to the dialog's opener (a toolbar button) as the dialog closes, and
   * TipTap's `focus()` alone would move it into the text a frame later, so a key typed at once went to the button.
   */
  const shut = () => {
    if (dialogRef.current?.open) dialogRef.current.close();
    setDialog(null);
  };

  const closeDialog = () => {
    shut();
    if (editor) now(editor).run();
  };

  const applyLink = () => {
    if (!editor || dialog?.kind !== 'link') return;
    const raw = dialog.href.trim();
    if (!raw) {
      shut();
      now(editor).extendMarkRange('link').unsetLink().run();
      return;
    }
    const withScheme = /^[a-z][a-z0-9+.-]*:|^\//i.test(raw) ? raw : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw) ? `mailto:${raw}` : `https://${raw}`;
    const href = safeHref(withScheme);
    if (!href) {
      setDialog({ ...dialog, error: 'A link must be a web address (https://…), a page of this site (/book), an e-mail address or tel: with a phone number.' });
      return;
    }
    shut();
    const chain = now(editor).extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: raw, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
  };

  const applyAlt = () => {
    if (!editor || dialog?.kind !== 'alt') return;
    const alt = dialog.alt.replace(/\s+/g, ' ').trim();
    if (!alt) {
      setDialog({ ...dialog, error: 'Describe the picture for people who cannot see it, e.g. “A physiotherapist stretching a patient’s shoulder”.' });
      return;
    }
    shut();
    if (dialog.inserting) now(editor).insertContent({ type: 'picture', attrs: { media: dialog.media, alt } }).run();
    else now(editor).updateAttributes('picture', { alt }).run();
  };

  const choosePicture = async (file: File | undefined) => {
    if (!file || !onUploadPicture) return;
    setUploading(true);
    setUploadError('');
    try {
      const result = await onUploadPicture(file);
      if ('error' in result) {
        setUploadError(result.error);
        return;
      }
      known.current.set(result.picture.id, result.picture);
      setDialog({ kind: 'alt', alt: '', error: '', media: result.picture.id, inserting: true });
    } catch {
      setUploadError('The picture could not be uploaded (the connection may have dropped). Your text is kept: please try again.');
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  // Arrow keys move between the toolbar's controls (WAI-ARIA toolbar); Tab leaves it: the toolbar
  // is one stop in the tab order (a roving tabindex: the control last used, else the first).
  const toolbarRef = useRef<HTMLDivElement>(null);
  const toolbarAt = useRef(0);
  const toolbarControls = () => Array.from(toolbarRef.current?.querySelectorAll<HTMLElement>('button:not([disabled]), select:not([disabled])') ?? []);
  useEffect(() => {
    // After every render (buttons come and go, e.g. "Describe the picture"): one control takes Tab.
    const controls = toolbarControls();
    const at = Math.min(toolbarAt.current, controls.length - 1);
    for (const [i, control] of controls.entries()) control.tabIndex = i === at ? 0 : -1;
  });
  const onToolbarFocus = (e: FocusEvent<HTMLDivElement>) => {
    const controls = toolbarControls();
    const at = controls.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    toolbarAt.current = at;
    for (const [i, control] of controls.entries()) control.tabIndex = i === at ? 0 : -1;
  };
  const onToolbarKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    if (e.target instanceof HTMLSelectElement && (e.key === 'Home' || e.key === 'End')) return;
    const controls = toolbarControls();
    const at = controls.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    e.preventDefault();
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? controls.length - 1 : (at + (e.key === 'ArrowRight' ? 1 : -1) + controls.length) % controls.length;
    controls[next]?.focus();
  };

  const ready = Boolean(editor);
  const run = (f: (e: Editor) => void) => () => editor && f(editor);

  return (
    <div className="rte" data-ready={ready ? 'true' : 'false'}>
      <div ref={toolbarRef} className="rte__toolbar" role="toolbar" aria-label={`Formatting for ${label}`} aria-controls={`${id}-area`} onKeyDown={onToolbarKey} onFocus={onToolbarFocus}>
        <select
          className="rte__style"
          aria-label="Text style"
          value={state?.style ?? 'p'}
          disabled={!ready}
          onChange={(e) => {
            if (!editor) return;
            const v = e.target.value;
            if (v === 'p') now(editor).setParagraph().run();
            else now(editor).setHeading({ level: Number(v) as 2 | 3 | 4 }).run();
          }}
        >
          {STYLES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {TOGGLES.map((t) => (
          <ToolButton key={t.label} label={t.label} pressed={state?.[t.state] ?? false} disabled={!ready} onClick={t.label === 'Link' ? openLink : run(t.run)}>
            {t.face}
          </ToolButton>
        ))}
        {onUploadPicture && (
          <ToolButton label={uploading ? 'Uploading picture…' : 'Insert picture'} disabled={!ready || uploading} onClick={() => fileRef.current?.click()}>
            <span aria-hidden="true">{uploading ? 'Uploading…' : 'Picture'}</span>
          </ToolButton>
        )}
        {state?.picture && (
          <ToolButton
            label="Describe the picture"
            disabled={!ready}
            onClick={run((e) => setDialog({ kind: 'alt', alt: String(e.getAttributes('picture').alt ?? ''), error: '', media: String(e.getAttributes('picture').media ?? ''), inserting: false }))}
          >
            <span aria-hidden="true">Describe</span>
          </ToolButton>
        )}
        <ToolButton label="Undo" disabled={!ready || !state?.canUndo} onClick={run((e) => now(e).undo().run())}>
          <span aria-hidden="true">Undo</span>
        </ToolButton>
        <ToolButton label="Redo" disabled={!ready || !state?.canRedo} onClick={run((e) => now(e).redo().run())}>
          <span aria-hidden="true">Redo</span>
        </ToolButton>
      </div>
      {onUploadPicture && (
        <input ref={fileRef} type="file" accept="image/jpeg,image/png,image/webp" hidden tabIndex={-1} aria-hidden="true" onChange={(e) => void choosePicture(e.target.files?.[0])} />
      )}
      <p className="rte__status" role="status" aria-live="polite">
        {uploading ? 'Uploading the picture…' : ''}
      </p>
      {uploadError && (
        <p className="rte__error" role="alert">
          {uploadError}
        </p>
      )}
      <EditorContent editor={editor} id={`${id}-area`} className="rte__area" />
      {/* Its value is set here and by serialise, never by React: a re-render would put `defaultValue` back (a hidden input's value is its attribute). */}
      {name && <input ref={jsonRef} type="hidden" name={name} />}
      <dialog ref={dialogRef} className="rte__dialog" aria-labelledby={`${id}-dialog-title`} onCancel={(e) => { e.preventDefault(); closeDialog(); }}>
        {dialog?.kind === 'link' && (
          <DialogBody
            {...{ id, onCancel: closeDialog, error: dialog.error, onApply: applyLink, cancel: 'Cancel', apply: 'Apply' }}
            title="Link"
            label="Web address, page, e-mail or phone"
            hint="Leave it empty to remove the link."
            field={(props) => (
              <input
                {...props}
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                value={dialog.href}
                placeholder="https://… or /book"
                onChange={(e) => setDialog({ ...dialog, href: e.target.value, error: '' })}
              />
            )}
          />
        )}
        {dialog?.kind === 'alt' && (
          <DialogBody
            {...{ id, onCancel: closeDialog, error: dialog.error, onApply: applyAlt }}
            {...(dialog.inserting ? { cancel: 'Don’t insert', apply: 'Insert picture' } : { cancel: 'Cancel', apply: 'Save' })}
            title="Describe the picture"
            label="Description (alt text), required"
            hint="What a patient who cannot see it should know: who or what is shown."
            field={(props) => <textarea {...props} rows={3} maxLength={300} value={dialog.alt} onChange={(e) => setDialog({ ...dialog, alt: e.target.value, error: '' })} />}
          />
        )}
      </dialog>
    </div>
  );
}
