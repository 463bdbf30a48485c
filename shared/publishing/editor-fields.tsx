import { memo, useContext, useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { CheckboxField, FieldMessage, FormStateContext, SelectField, TextAreaField, TextField } from '../ui/fields';
import { RichTextField } from '../ui/rich-text-field';
import type { MediaPicture } from '../platform/media';
import type { RichTextDoc } from '../platform/rich-text';
import { several, single, type FieldSpec, type FormValues } from './fields';
import { weekdayNames } from './kinds';
import { MEDIA_PREFIX, type LibraryPicture } from './pictures';
import type { EditorChoices } from './types';

export interface FieldContext {
  values: FormValues;
  choices: EditorChoices;
  pictures: readonly LibraryPicture[];
  /** Uploads a picture (the library's endpoint): its library entry, or the refusal's message. */
  upload: (file: File) => Promise<{ picture: MediaPicture; entry: LibraryPicture } | { error: string }>;
  /** Something changed that no input event says (the rich-text editor, a picture uploaded): save soon. */
  touched: () => void;
}

function richValue(json: string): RichTextDoc {
  try {
    const doc = JSON.parse(json) as RichTextDoc;
    return doc && doc.type === 'doc' && Array.isArray(doc.content) ? doc : { type: 'doc', content: [] };
  } catch {
    return { type: 'doc', content: [] };
  }
}

/**
 * A picture field: a choice from the library (uploads first, then the site's illustrations), the
 * chosen one shown beside it, an upload button (with JavaScript; without it the library page
 * uploads), and its required description (alt text).
 */
function PictureField({ field, ctx }: { field: Extract<FieldSpec, { type: 'picture' }>; ctx: FieldContext }) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const [chosen, setChosen] = useState(single(ctx.values, field.name));
  // The select is the form's (uncontrolled, as every field): an upload chooses its picture there.
  useEffect(() => {
    if (select.current && select.current.value !== chosen) select.current.value = chosen;
  }, [chosen]);
  const [uploaded, setUploaded] = useState<LibraryPicture[]>([]);
  const [status, setStatus] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' });
  const options = [...uploaded, ...ctx.pictures.filter((p) => !uploaded.some((u) => u.src === p.src))];
  const current = options.find((p) => p.src === chosen);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setStatus({ busy: true, message: `Uploading ${file.name}… large photos take a few seconds.` });
    const result = await ctx.upload(file);
    if ('error' in result) {
      setStatus({ busy: false, message: result.error });
      return;
    }
    setUploaded((list) => [result.entry, ...list]);
    setChosen(result.entry.src);
    setStatus({ busy: false, message: `${file.name} is uploaded and chosen. Describe it below.` });
    ctx.touched();
  };
  return (
    <fieldset className="editor-picture">
      <legend className="field__label">
        {field.label}
        {field.required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className="editor-picture__row">
        <div className="editor-picture__preview">
          {current ? <img src={current.thumb} width={current.width} height={current.height} alt="" /> : <span className="editor-picture__none">No picture</span>}
        </div>
        <div className="editor-picture__choose">
          <SelectField
            label="Choose from the library"
            name={field.name}
            ref={select}
            onChange={(e) => setChosen(e.currentTarget.value)}
            options={options.map((p) => ({ value: p.src, label: p.src.startsWith(MEDIA_PREFIX) ? `Upload: ${p.label}` : p.label }))}
            placeholder={field.required ? 'Choose a picture' : 'No picture'}
          />
          <div className="editor-picture__upload" data-js-only="">
            <label htmlFor={`${id}-file`} className={`btn btn--outline btn--sm${status.busy ? ' is-busy' : ''}`}>
              {status.busy ? 'Uploading…' : 'Upload a new picture'}
            </label>
            <input id={`${id}-file`} type="file" accept="image/jpeg,image/png,image/webp" className="visually-hidden" onChange={onFile} disabled={status.busy} />
          </div>
          <p className="field__hint" role="status" aria-live="polite">
            {status.message || 'JPEG, PNG or WebP, up to 15 MB. Location data in photos is removed. Without JavaScript, upload on the Pictures page first.'}
          </p>
        </div>
      </div>
      <TextField label="Description of the picture (alt text)" name={field.altName} required={Boolean(field.required)} maxLength={250} hint="What it shows, for people who cannot see it: “A physiotherapist guiding a patient’s shoulder stretch”." />
    </fieldset>
  );
}

/** The opening hours: a row per day, opening and closing time (both empty: closed). */
function HoursField({ field }: { field: Extract<FieldSpec, { type: 'hours' }> }) {
  return (
    <fieldset className="editor-hours">
      <legend className="field__label">{field.label}</legend>
      {field.hint && <p className="field__hint">{field.hint}</p>}
      <div className="editor-hours__grid">
        {weekdayNames.map((day, d) => (
          <div key={day} className="editor-hours__day" role="group" aria-label={day}>
            <span className="editor-hours__name" aria-hidden="true">
              {day}
            </span>
            <TextField label={`${day} opens`} name={`hours.${d}.opens`} type="time" hideLabel />
            <span aria-hidden="true">to</span>
            <TextField label={`${day} closes`} name={`hours.${d}.closes`} type="time" hideLabel />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Several choices from a list, as checkboxes. */
function MultiField({ field, ctx }: { field: Extract<FieldSpec, { type: 'multi' }>; ctx: FieldContext }) {
  const picked = new Set(several(ctx.values, field.name));
  return (
    <fieldset className="editor-multi">
      <legend className="field__label">{field.label}</legend>
      {(ctx.choices[field.from] ?? []).map((o) => (
        <label key={o.value} className="check">
          <input type="checkbox" name={field.name} value={o.value} defaultChecked={picked.has(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
      <FieldMessage name={field.name} />
    </fieldset>
  );
}

/**
 * One field of a kind's form, drawn from its description (shared/publishing/kinds.ts), with the
 * value and message the form state holds. Memo: it renders again only when its field or the
 * page's data (ctx) or form state change, not with the autosave's status or a pressed button.
 */
export const EditorField = memo(function EditorField({ field, ctx }: { field: FieldSpec; ctx: FieldContext }) {
  const errors = useContext(FormStateContext).errors ?? {};
  const common = { label: field.label, name: field.name, ...(field.hint ? { hint: field.hint } : {}), required: Boolean(field.required) };
  switch (field.type) {
    case 'text':
      return (
        <>
          <TextField {...common} maxLength={field.max} {...(field.inputMode ? { inputMode: field.inputMode } : {})} {...(field.suggest ? { list: `${field.name}-suggestions` } : {})} />
          {field.suggest && (
            <datalist id={`${field.name}-suggestions`}>
              {(ctx.choices[field.suggest] ?? []).map((o) => (
                <option key={o.value} value={o.value} />
              ))}
            </datalist>
          )}
        </>
      );
    case 'email':
    case 'url':
    case 'tel':
      return <TextField {...common} type={field.type} autoComplete="off" />;
    case 'slug':
      return <TextField {...common} autoCapitalize="none" autoCorrect="off" spellCheck={false} maxLength={80} pattern="[a-z0-9]+(-[a-z0-9]+)*" />;
    case 'number':
      return <TextField {...common} label={field.unit ? `${field.label} (${field.unit})` : field.label} type="number" inputMode="numeric" min={field.min} max={field.max} step={field.step ?? 1} />;
    case 'money':
      return <TextField {...common} inputMode="numeric" />;
    case 'textarea':
      return <TextAreaField {...common} rows={field.rows ?? 4} maxLength={field.max} />;
    case 'datetime':
      return <TextField {...common} type="datetime-local" />;
    case 'checkbox':
      return <CheckboxField label={field.label} name={field.name} {...(field.hint ? { hint: field.hint } : {})} />;
    case 'select':
      return <SelectField {...common} options={field.options ?? ctx.choices[field.from ?? ''] ?? []} {...(field.placeholder !== undefined ? { placeholder: field.placeholder } : {})} />;
    case 'multi':
      return <MultiField field={field} ctx={ctx} />;
    case 'picture':
      return <PictureField field={field} ctx={ctx} />;
    case 'hours':
      return <HoursField field={field} />;
    case 'rich':
      return <RichField field={field} ctx={ctx} error={errors[field.name]} />;
  }
});

/** A rich-text field (a post's or a service's text): the editor, loaded once the page has hydrated. */
function RichField({ field, ctx, error }: { field: Extract<FieldSpec, { type: 'rich' }>; ctx: FieldContext; error: string | undefined }) {
  const json = single(ctx.values, field.name);
  const value = useMemo(() => richValue(json), [json]);
  const pictures = useMemo(() => Object.fromEntries(ctx.pictures.filter((p) => p.media).map((p) => [p.media!.id, p.media!])), [ctx.pictures]);
  const { upload } = ctx;
  const onUploadPicture = useMemo(
    () => async (file: File) => {
      const result = await upload(file);
      return 'error' in result ? { error: result.error } : { picture: result.picture };
    },
    [upload],
  );
  return (
    <RichTextField
      name={field.name}
      label={field.label}
      value={value}
      {...(field.hint ? { hint: field.hint } : {})}
      {...(error ? { error } : {})}
      pictures={pictures}
      onUploadPicture={onUploadPicture}
      onChange={ctx.touched}
    />
  );
}
