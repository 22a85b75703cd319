import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getTextareaProps } from "@conform-to/react";

interface TextFieldProps<Value> {
  label: string;
  field: FieldMetadata<Value>;
  type: "email" | "password" | "text" | "tel" | "time";
  autoComplete?: string;
  inputMode?: "decimal" | "numeric";
}

/** A labelled input with its validation message right beside it. */
export function TextField<Value extends string | number>({
  label,
  field,
  type,
  autoComplete,
  inputMode,
}: TextFieldProps<Value>) {
  return (
    <div>
      <label htmlFor={field.id} className="block font-medium text-heritage-900">
        {label}
      </label>
      <input
        {...getInputProps(field, { type, ariaDescribedBy: field.errors ? field.errorId : undefined })}
        key={field.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-brick focus:border-heritage-700"
      />
      <p id={field.errorId} className="mt-1 min-h-5 text-sm text-brick">
        {field.errors?.[0]}
      </p>
    </div>
  );
}

/** A labelled text area with its validation message right beside it. */
export function TextAreaField({
  label,
  field,
  rows,
}: {
  label: string;
  field: FieldMetadata<string>;
  rows: number;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block font-medium text-heritage-900">
        {label}
      </label>
      <textarea
        {...getTextareaProps(field, { ariaDescribedBy: field.errors ? field.errorId : undefined })}
        key={field.key}
        rows={rows}
        className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-brick focus:border-heritage-700"
      />
      <p id={field.errorId} className="mt-1 min-h-5 text-sm text-brick">
        {field.errors?.[0]}
      </p>
    </div>
  );
}

/** Errors about the whole form (wrong password, too many attempts): a red box read out at once. */
export function FormAlert({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <div id={id}>
      {errors?.length ? (
        <div role="alert" className="mt-4 rounded-md border border-brick bg-red-50 px-4 py-3 text-brick">
          {errors.map((error) => (
            <p key={error}>{error}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function SubmitButton({ children, disabled }: { children: React.ReactNode; disabled: boolean }) {
  return (
    <button
      type="submit"
      disabled={disabled}
      className="w-full rounded-md bg-heritage-700 px-4 py-2.5 font-semibold text-white hover:bg-heritage-900 disabled:cursor-not-allowed disabled:opacity-50"
    >
      {children}
    </button>
  );
}
