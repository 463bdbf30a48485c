/**
 * A rich-text field for the staff's forms. On the server and until the page has hydrated (and
 * always without JavaScript) it is a plain textarea named `<name>Text` holding the document as
 * plain text (richTextToPlainText: `## ` headings, `- ` lists, `> ` quotes, pictures as
 * `![alt](picture:<id>)`); once hydrated it loads the editor (rich-text-editor/editor.tsx, its own
 * chunk, fetched only by pages that show this field) and posts the JSON as `<name>`. The action
 * reads either with `richTextFromForm(form, name)` (shared/platform/rich-text.ts). What was typed
 * into the textarea before the editor arrived is carried into it.
 *
 * Props: name, label, value (RichTextDoc), hint?, error? (shown under the field, as the form's
 * other fields do), pictures? (MediaPictures by id), onUploadPicture? (see the editor),
 * onChange?(json).
 */
import { useEffect, useId, useState, type ComponentType } from 'react';
import type { MediaPicture } from '../platform/media';
import { plainTextToRichText, richTextFieldNames, richTextToPlainText, type RichTextDoc } from '../platform/rich-text';
import type { RichTextEditorProps } from './rich-text-editor/editor';

export interface RichTextFieldProps {
  name: string;
  label: string;
  value: RichTextDoc;
  hint?: string;
  error?: string;
  pictures?: Readonly<Record<string, MediaPicture>>;
  onUploadPicture?: RichTextEditorProps['onUploadPicture'];
  onChange?: (json: unknown) => void;
}

export function RichTextField({ name, label, value, hint, error, pictures, onUploadPicture, onChange }: RichTextFieldProps) {
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const id = useId();
  const names = richTextFieldNames(name);
  useEffect(() => {
    let live = true;
    import('./rich-text-editor/editor').then(
      (m) => live && setEditor(() => m.default),
      () => {
        // The chunk did not arrive (offline, a new deploy): the plain-text field stays and still works.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field rich-text-field field--error' : 'field rich-text-field'}>
      {Editor ? (
        <>
          <span id={`${id}-label`} className="field__label">
            {label}
          </span>
          <Editor
            value={typed === null ? value : plainTextToRichText(typed)}
            name={names.json}
            label={label}
            labelId={`${id}-label`}
            {...(describedBy ? { describedBy } : {})}
            {...(pictures ? { pictures } : {})}
            {...(onUploadPicture ? { onUploadPicture } : {})}
            {...(onChange ? { onChange } : {})}
          />
        </>
      ) : (
        <>
          <label htmlFor={`${id}-text`} className="field__label">
            {label}
          </label>
          <textarea
            id={`${id}-text`}
            name={names.text}
            rows={12}
            className="input"
            defaultValue={richTextToPlainText(value)}
            onChange={(e) => setTyped(e.target.value)}
            aria-describedby={[`${id}-plain`, describedBy].filter(Boolean).join(' ')}
            aria-invalid={error ? true : undefined}
          />
          <p id={`${id}-plain`} className="field__hint">
            Plain text: a blank line starts a new paragraph; start a line with “## ” for a heading, “- ” for a list, “&gt; ” for a quote. Links, bold and italic need the full editor
            (which needs JavaScript), and are lost if you save from here.
          </p>
        </>
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
