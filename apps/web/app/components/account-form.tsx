/**
 * Building blocks of the /login/… screens: the page frame, the error summary, labelled fields
 * with their messages (linked by aria-describedby, marked aria-invalid) and a password field with
 * a show-password toggle. Layout: one column, full width at 375 px, a 28 rem card on desktop.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FormErrors, FormResult } from '../lib/auth-forms';

/**
 * The errors to show: those found in the browser at the last submit, until the action answers
 * again (then the action's). `setLocal` takes the browser's findings (null clears them).
 */
export function useFormErrors(actionData: FormResult | null | undefined) {
  const [local, setLocal] = useState<FormErrors | null>(null);
  const [seen, setSeen] = useState(actionData);
  if (seen !== actionData) {
    setSeen(actionData);
    setLocal(null);
  }
  return [local ?? actionData?.errors ?? null, setLocal] as const;
}

/** Page frame: heading, optional intro, content. */
export function AccountPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page py-8 sm:py-14">
      <div className="mx-auto w-full max-w-md sm:rounded-2xl sm:border sm:border-stone-200 sm:p-8 sm:shadow-sm">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-stone-600">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/**
 * The error summary: shown above the form when there are errors, focused when they change, with
 * the form-level message and a link to each field in error (`labels` gives the field names to show).
 */
export function ErrorSummary({ errors, labels }: { errors: FormErrors | null; labels: Record<string, string> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors) ref.current?.focus();
  }, [errors]);
  if (!errors) return null;
  const fields = Object.entries(errors.fields);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-sm text-red-900"
    >
      <h2 id="error-summary-title" className="font-semibold text-red-900">
        There is a problem
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {errors.form ? <li>{errors.form}</li> : null}
        {fields.map(([name, message]) => (
          <li key={name}>
            <a href={`#${name}`} className="underline">
              {labels[name] ? `${labels[name]}: ` : ''}
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const inputClass =
  'block w-full rounded-lg border px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-500 aria-[invalid=true]:border-red-700 border-stone-400';

interface FieldProps {
  name: string;
  label: string;
  error?: string;
  autoComplete: string;
  defaultValue?: string;
  hint?: string;
}

/** A field's hint and error, with the ids `{id}-hint` and `{id}-error` that {@link describedBy} names. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The aria-describedby of field `id`: its hint and error messages (FieldMessage), or undefined. */
export const describedBy = (id: string, error?: string, hint?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A labelled text or e-mail field; `name` is also its id (the summary links to `#name`). */
export function TextField({ type = 'text', ...p }: FieldProps & { type?: 'text' | 'email' }) {
  return (
    <div className="mb-5">
      <label htmlFor={p.name} className="mb-1 block font-medium">
        {p.label}
      </label>
      <input
        id={p.name}
        name={p.name}
        type={type}
        autoComplete={p.autoComplete}
        defaultValue={p.defaultValue}
        inputMode={type === 'email' ? 'email' : undefined}
        spellCheck={type === 'email' ? false : undefined}
        autoCapitalize={type === 'email' ? 'none' : undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(p.name, p.error, p.hint)}
        className={inputClass}
      />
      <FieldMessage id={p.name} error={p.error} hint={p.hint} />
    </div>
  );
}

/** A password field with a 'Show' / 'Hide' toggle (a real button announcing its state). */
export function PasswordField(p: FieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="mb-5">
      <label htmlFor={p.name} className="mb-1 block font-medium">
        {p.label}
      </label>
      <div className="relative">
        <input
          id={p.name}
          name={p.name}
          type={shown ? 'text' : 'password'}
          autoComplete={p.autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy(p.name, p.error, p.hint)}
          className={`${inputClass} pr-20`}
        />
        <button
          type="button"
          aria-label={shown ? 'Hide password' : 'Show password'}
          onClick={() => setShown((s) => !s)}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-medium text-accent-700 hover:bg-accent-50"
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldMessage id={p.name} error={p.error} hint={p.hint} />
    </div>
  );
}

/** The form's main button; `busy` disables it and changes its text. */
export function SubmitButton({ busy, children, busyText }: { busy: boolean; children: ReactNode; busyText: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-lg bg-accent-600 px-4 py-3 font-semibold text-white hover:bg-accent-700 disabled:opacity-70"
    >
      {busy ? busyText : children}
    </button>
  );
}

/** A green status note (e.g. "Your password is changed"). */
export function StatusNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-6 rounded-lg border border-green-700 bg-green-50 p-4 text-sm text-green-900">
      {children}
    </p>
  );
}
