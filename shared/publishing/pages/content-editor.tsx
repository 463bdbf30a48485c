import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { afterPaint } from '../../ui/after-paint';
import { FormStateContext, TextField } from '../../ui/fields';
import { Link } from '../../ui/link';
import { StaffBand } from '../../ui/staff/staff-band';
import { formatAbuja } from '../../ui/staff/format';
import type { MediaPicture } from '../../platform/media';
import { clearLocalCopy, readLocalCopy, useAutosave, type AutosaveStatus, type LocalCopy } from '../autosave';
import { EditorField, type FieldContext } from '../editor-fields';
import { kindSpec } from '../kinds';
import { doneMessage, stateWords } from '../labels';
import { DepositRuleSection } from '../deposit-rule';
import type { LibraryPicture } from '../pictures';
import { ValuesTable } from '../values-table';
import type { EditorActionData, EditorData } from '../types';
import '../content.css';

const ROUTE_ID = '/staff/content/:kind/:id';

const RETRY_WHY = { offline: 'no connection', 'no-answer': 'the site is not answering', database: 'the site’s database is not answering' } as const;

function statusText(status: AutosaveStatus): string {
  switch (status.state) {
    case 'pending':
      return 'Changes not saved yet…';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Draft saved at ${formatAbuja(status.at).split(', ')[1]}.`;
    case 'retrying':
      return `Not saved: ${RETRY_WHY[status.why]}. What you typed is kept in the form and on this device; we try again in ${status.inSeconds} s.`;
    case 'stopped':
      return status.reason === 'conflict' ? 'Not saved: someone else saved meanwhile (see below).' : 'Not saved: see the message above.';
    default:
      return 'Your changes are saved as you type.';
  }
}

/** Uploads a picture to the library (the upload endpoint runs the picture pipeline). */
async function uploadPicture(file: File): Promise<{ picture: MediaPicture; entry: LibraryPicture } | { error: string }> {
  try {
    const response = await fetch('/staff/content/media/upload', {
      method: 'POST',
      body: file,
      headers: { 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent(file.name) },
      credentials: 'same-origin',
    });
    const answer = (await response.json().catch(() => null)) as { picture?: MediaPicture; entry?: LibraryPicture; error?: string } | null;
    if (response.ok && answer?.picture && answer.entry) return { picture: answer.picture, entry: answer.entry };
    return { error: answer?.error ?? 'The picture could not be uploaded. Please try again.' };
  } catch {
    return { error: 'The picture could not be uploaded: no connection. The rest of the form is kept; try again when you are back online.' };
  }
}

/** Puts this browser's unsaved copy back into the form's fields (after a closed tab or a lost connection). */
function restoreInto(form: HTMLFormElement, copy: LocalCopy) {
  const byName = new Map<string, string[]>();
  for (const [k, v] of copy.fields) byName.set(k, [...(byName.get(k) ?? []), v]);
  for (const element of Array.from(form.elements)) {
    const input = element as HTMLInputElement;
    if (!input.name || !byName.has(input.name) || input.type === 'hidden' || input.type === 'file') continue;
    const values = byName.get(input.name)!;
    if (input.type === 'checkbox' || input.type === 'radio') input.checked = values.includes(input.value);
    else input.value = values[0] ?? '';
  }
}

/** What a pressed button says until the page's own answer comes. */
const PRESSED_WORDS: Record<string, string> = { save: 'Saving…', preview: 'Opening the preview…', publish: 'Publishing…', schedule: 'Scheduling…', 'cancel-schedule': 'Cancelling…', discard: 'Throwing away…' };

/**
 * One of the form's buttons. Pressed, it says so at once ("Publishing…"), in its own small state,
 * and that frame is painted before the form is submitted (`requestSubmit` with this button, in
 * the task after it: reading the form, the text's JSON, the router's navigation and the page's
 * render come after the answer, ADR 0049); without JavaScript it is a plain submit button. A
 * press held back for an autosave on its way
 * (useAutosave's hold) shows too. A second press meanwhile does nothing. It is itself again when
 * the page's data or answer changes (a press that was not sent: a conflict, a refusal).
 */
function ActionButton(props: { intent: string; className: string; disabled?: boolean; hold: (event: MouseEvent<HTMLButtonElement>) => void; resetOn: readonly unknown[]; children: ReactNode }) {
  const { intent, hold, resetOn } = props;
  const [pressed, setPressed] = useState(false);
  const [seen, setSeen] = useState(resetOn);
  if (resetOn.some((x, i) => x !== seen[i])) {
    setSeen(resetOn);
    setPressed(false);
  }
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`${props.className}${pressed ? ' is-busy' : ''}`}
      disabled={props.disabled}
      aria-disabled={pressed || undefined}
      onClick={(event) => {
        if (pressed) return event.preventDefault();
        setPressed(true);
        hold(event);
        if (event.isDefaultPrevented()) return; // held for an autosave on its way: it sends the form itself
        // The tap's answer ("Saving…") is painted first; the submission (the form read, the text's
        // JSON, the router's navigation and its render) starts in the task after that frame.
        event.preventDefault();
        const button = event.currentTarget;
        afterPaint(() => {
          if (button.isConnected && button.form) button.form.requestSubmit(button);
        });
      }}
    >
      {pressed ? (PRESSED_WORDS[intent] ?? 'Sending…') : props.children}
    </button>
  );
}

/** /staff/content/:kind/:id: edit one item, saved as you type; preview, publish now or later, history. */
export default function ContentEditorPage() {
  const data = useLoaderData() as EditorData;
  const echo = useActionData() as EditorActionData | undefined;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const spec = kindSpec(data.kind);
  const formRef = useRef<HTMLFormElement>(null);
  const [answer, setAnswer] = useState<EditorActionData | undefined>(echo);
  useEffect(() => setAnswer(echo), [echo]);
  const key = `${data.kind}:${data.id}`;
  const onAnswer = useCallback((a: EditorActionData) => setAnswer(a.outcome === 'saved' && !a.errors ? undefined : a), []);
  const baseVersion = answer?.outcome === 'conflict' ? answer.current.version : data.state.version;
  const autosave = useAutosave({ form: formRef, routeId: ROUTE_ID, storageKey: key, version: baseVersion, onAnswer });
  const [localCopy, setLocalCopy] = useState<LocalCopy | null>(null);
  const took = params.get('done') !== null;
  useEffect(() => {
    // Back from a button the server took (`?done=`): the form's values are saved; else offer what this browser kept.
    if (took) clearLocalCopy(key);
    const copy = took ? null : readLocalCopy(key);
    setLocalCopy(copy && copy.version >= data.state.version - 1 ? copy : null);
  }, [key, data.state.version, took]);

  const values = answer && 'values' in answer && answer.values ? answer.values : data.values;
  const errors = answer && 'errors' in answer ? answer.errors : undefined;
  const busy = navigation.state === 'submitting';
  const done = doneMessage(params.get('done'));
  // The same objects while the page's data and answer are the same: the autosave's status and
  // the navigation's busy state re-render this page, never its fields (EditorField is memo).
  const ctx = useMemo<FieldContext>(() => ({ values, choices: data.choices, pictures: data.pictures, upload: uploadPicture, touched: autosave.touched }), [values, data.choices, data.pictures, autosave.touched]);
  const formState = useMemo(() => ({ values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v])), errors: errors ?? {} }), [values, errors]);
  const resetOn = [data, answer] as const;
  const title = values[spec.fields[0]!.name];
  const heading = typeof title === 'string' && title.trim() ? title : spec.label;
  const hasDraft = data.state.draft !== null;
  const here = `/staff/content/${data.kind}/${data.id}`;

  return (
    <>
      <StaffBand title={`${spec.label}: ${heading}`} staffName={data.staffName} />
      <div className="container staff-page content-editor">
        <p className="content-crumbs">
          <Link to="/staff/content">Site content</Link> / {spec.single ? spec.plural : <Link to={`/staff/content/${data.kind}`}>{spec.plural}</Link>}
        </p>
        <p className="content-state">{stateWords(data.state).join(' · ')}</p>
        {done && (
          <p className="staff-alert staff-alert--ok" role="status">
            {done}
          </p>
        )}
        {answer && answer.outcome !== 'saved' && answer.outcome !== 'conflict' && (
          <p className="staff-alert staff-alert--error" role="alert">
            {answer.message}
          </p>
        )}
        {localCopy && (
          <div className="staff-alert content-local" role="status">
            <p>This device kept changes you typed at {formatAbuja(localCopy.at)} that were never saved.</p>
            <button
              type="button"
              className="btn btn--outline btn--sm"
              onClick={() => {
                if (formRef.current) restoreInto(formRef.current, localCopy);
                setLocalCopy(null);
                autosave.touched();
              }}
            >
              Put them back
            </button>
          </div>
        )}
        {answer?.outcome === 'conflict' && (
          <section className="content-conflict" aria-labelledby="conflict-heading">
            <h2 id="conflict-heading">Someone else saved this meanwhile</h2>
            <p role="alert">{answer.message}</p>
            <p>
              Their version was saved {answer.current.draftSavedAt ? formatAbuja(answer.current.draftSavedAt) : ''}
              {answer.current.draftSavedBy ? ` by ${answer.current.draftSavedBy}` : ''}.
            </p>
            <ValuesTable kind={data.kind} left={{ title: 'Their version', values: answer.theirs }} right={{ title: 'Your version (in the form below)', values: answer.values }} onlyChanged />
            <div className="staff-actions">
              <button type="submit" form="content-form" name="intent" value="save" className="btn btn--primary" onClick={autosave.hold}>
                Keep my version
              </button>
              <Link to={here} className="btn btn--outline" reloadDocument>
                Take their version
              </Link>
            </div>
          </section>
        )}
        <FormStateContext.Provider value={formState}>
          <Form method="post" id="content-form" className="content-form" ref={formRef} key={`${data.state.version}`} noValidate aria-labelledby="content-form-heading">
            <h2 id="content-form-heading" className="visually-hidden">
              {spec.label}
            </h2>
            <input type="hidden" name="version" value={answer?.outcome === 'conflict' ? answer.current.version : autosave.version} />
            {spec.fields.map((field) => (
              <EditorField key={field.name} field={field} ctx={ctx} />
            ))}
            <div className={`content-autosave${autosave.status.state === 'retrying' ? ' content-autosave--failing' : ''}`}>
              <p role="status" aria-live="polite">
                {statusText(autosave.status)}
              </p>
              {autosave.status.state === 'retrying' && (
                <button type="button" className="btn btn--outline btn--sm" onClick={autosave.retryNow}>
                  Try now
                </button>
              )}
            </div>
            <div className="content-actions">
              <div className="staff-actions">
                <ActionButton intent="save" className="btn btn--outline" disabled={busy} hold={autosave.hold} resetOn={resetOn}>
                  Save draft
                </ActionButton>
                {data.previewHref && (
                  <ActionButton intent="preview" className="btn btn--outline" disabled={busy} hold={autosave.hold} resetOn={resetOn}>
                    Preview
                  </ActionButton>
                )}
                <ActionButton intent="publish" className="btn btn--primary" disabled={busy} hold={autosave.hold} resetOn={resetOn}>
                  Publish now
                </ActionButton>
              </div>
              <fieldset className="content-schedule">
                <legend>Publish later</legend>
                {data.state.scheduled ? (
                  <p>
                    Scheduled for <strong>{formatAbuja(data.state.scheduled.for)}</strong> by {data.state.scheduled.by}.{' '}
                    <ActionButton intent="cancel-schedule" className="btn btn--ghost btn--sm" hold={autosave.hold} resetOn={resetOn}>
                      Cancel the schedule
                    </ActionButton>
                  </p>
                ) : null}
                <div className="content-schedule__row">
                  <TextField label="Date and time (Abuja)" name="scheduleAt" type="datetime-local" hint={data.kind === 'post' ? 'Empty: the post’s publish time above.' : undefined} />
                  <ActionButton intent="schedule" className="btn btn--outline" disabled={busy} hold={autosave.hold} resetOn={resetOn}>
                    Schedule
                  </ActionButton>
                </div>
              </fieldset>
              {hasDraft && data.state.live && (
                <p>
                  <ActionButton intent="discard" className="btn btn--ghost btn--sm" hold={autosave.hold} resetOn={resetOn}>
                    Throw away the draft
                  </ActionButton>
                </p>
              )}
            </div>
          </Form>
        </FormStateContext.Provider>

        {data.state.live && !spec.single && (
          <section className="staff-card content-takedown" aria-labelledby="takedown-heading">
            <h2 id="takedown-heading">Take it off the site</h2>
            {data.takeDownRefusal ? (
              <p>{data.takeDownRefusal}</p>
            ) : (
              <Form method="post" className="staff-form">
                <input type="hidden" name="version" value={autosave.version} />
                <p>It disappears from the site at once (and from the sitemap); its draft and history stay here, to publish again.</p>
                <label className="check">
                  <input type="checkbox" name="confirm" value="yes" />
                  <span>I want it off the site</span>
                </label>
                <button type="submit" name="intent" value="take-down" className="btn btn--accent">
                  Take off the site
                </button>
              </Form>
            )}
          </section>
        )}

        {data.deposit && <DepositRuleSection deposit={answer?.outcome === 'refused' && answer.deposit ? answer.deposit : data.deposit} busy={busy} />}

        <section className="content-history" aria-labelledby="history-heading">
          <h2 id="history-heading">History</h2>
          {data.revisions.length === 0 ? (
            <p>Not published yet.</p>
          ) : (
            <ol className="staff-history" reversed>
              {data.revisions.map((r) => (
                <li key={r.n}>
                  <time dateTime={r.at}>{formatAbuja(r.at)}</time>
                  <Link to={`${here}/revisions/${r.n}`}>Revision {r.n}</Link> by {r.byName}
                  {r.note && ` · ${r.note}`}
                  {r.changed.length > 0 && <span className="content-history__changed"> · Changed: {r.changed.join(', ')}</span>}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}
