/**
 * FileUpload on the public form: a drop zone that is also the question's file button — a native
 * `<input type="file">` (keyboard: Tab to it, Enter or Space opens the file chooser; its name is the question's label
 * and the zone's text), drawn as a dashed zone that files can be dropped on. Each chosen file is checked against the
 * question's types and size as the server will (`fileProblem`), then uploaded at once (`uploads.ts`: the form's
 * uploader, nothing in the editor's preview) with its progress shown; uploaded files are listed with a 'Remove <name>'
 * button; a file that failed shows why, and can be removed. The answer is the list of the uploaded files' references,
 * in the order they finished (`answers/file-upload.ts`). With one file allowed, a new file replaces the one there.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import * as copy from '@formloom/contracts/copy';
import { fileUploadPolicy } from '@formloom/contracts/answers/file-upload';
import { extensionsText, fileProblem, formatFileSize, uploadReferencesIn, type UploadReference } from '@formloom/contracts/answers/shared/uploads';
import { errorMessage } from '../../lib/api-client';
import { IconFolder, IconX } from '../../ui/icons';
import { useUploader } from '../uploads';
import { Question } from './question';
import { useDescribedBy, type FieldProps, type WidgetOf } from './types';
import classes from './file-upload.module.css';

/** A file being uploaded, or that failed. */
interface PendingFile {
  key: number;
  name: string;
  /** 0 to 1. */
  progress: number;
  /** Why it failed; absent while it is on its way. */
  error?: string;
}

/** The FileUpload renderer; the answer is the uploaded files' references. */
export function FileUploadField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'FileUpload'>>) {
  const { label, required } = widget.template;
  const policy = fileUploadPolicy(widget.template);
  const uploader = useUploader();
  const files = uploadReferencesIn(value);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  // Uploads finish one by one, later than the render that started them: each adds to the answer as it is then
  // (the last answer handed to `onChange`, or the rendered one once the form re-rendered with it).
  const current = useRef(files);
  useEffect(() => {
    current.current = uploadReferencesIn(value);
  }, [value]);
  const answer = (next: UploadReference[]) => {
    current.current = next;
    onChange(next);
  };

  const single = policy.maxFiles === 1;
  const uploading = pending.filter((file) => !file.error).length;
  const full = !single && files.length + uploading >= policy.maxFiles;
  const types = extensionsText(policy);
  const hint = copy.uploads.limitsHint(types, formatFileSize(policy.maxBytes), policy.maxFiles);
  const described = useDescribedBy(inputId, hint, error);
  const update = (key: number, change: Partial<PendingFile> | null) =>
    setPending((list) => (change ? list.map((file) => (file.key === key ? { ...file, ...change } : file)) : list.filter((file) => file.key !== key)));

  async function send(file: File) {
    const key = nextKey.current++;
    const problem = fileProblem(policy, { name: file.name, size: file.size });
    setPending((list) => [...list, { key, name: file.name, progress: 0, ...(problem ? { error: problem } : {}) }]);
    if (problem) return;
    // An upload goes on when the respondent moves to another page: the answer is the form's, not this page's.
    try {
      const reference = await uploader.upload(widget.id, file, file.name, (progress) => update(key, { progress }));
      update(key, null);
      answer(single ? [reference] : [...current.current, reference]);
    } catch (failure) {
      update(key, { error: errorMessage(failure) });
    }
  }

  /** Uploads the files chosen or dropped, as many as there is room for (failed files make room again). */
  function add(list: FileList | null) {
    setPending((previous) => previous.filter((file) => !file.error));
    const room = single ? 1 : policy.maxFiles - files.length - uploading;
    [...(list ?? [])].slice(0, room).forEach((file) => void send(file));
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (!full) add(event.dataTransfer.files);
  }

  const remove = (reference: UploadReference) => answer(current.current.filter((file) => file.id !== reference.id));
  const accept = policy.extensions?.map((extension) => `.${extension}`).join(',');

  return (
    <Question inputId={inputId} label={label} required={required} hint={hint} error={error}>
      <div
        className={classes.zone}
        data-dragging={dragging || undefined}
        data-disabled={full || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          if (!full) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="file-drop-zone"
      >
        <input
          id={inputId}
          type="file"
          className={classes.input}
          multiple={!single}
          accept={accept}
          disabled={full}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => {
            add(event.currentTarget.files);
            // The same file may be chosen again after it was removed.
            event.currentTarget.value = '';
          }}
        />
        <label htmlFor={inputId} className={classes.face}>
          <IconFolder size={22} aria-hidden="true" />
          <span className={classes.action}>{single ? copy.uploads.chooseFile : copy.uploads.chooseFiles}</span>
          <span className={classes.dropHint}>{single ? copy.uploads.dropHint : copy.uploads.dropHintMany}</span>
        </label>
      </div>
      {!uploader.live && <p className={classes.note}>{copy.uploads.previewOnly}</p>}
      {(files.length > 0 || pending.length > 0) && (
        <ul className={classes.list} aria-live="polite" data-testid="file-list">
          {files.map((file) => (
            <li key={file.id} className={classes.item} data-testid="uploaded-file">
              <span className={classes.name}>{file.name}</span>
              <span className={classes.size}>{formatFileSize(file.size)}</span>
              <button type="button" className={classes.remove} aria-label={copy.uploads.remove(file.name)} onClick={() => remove(file)}>
                <IconX size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
          {pending.map((file) => (
            <li key={`pending-${file.key}`} className={classes.item} data-failed={file.error ? true : undefined} data-testid="pending-file">
              <span className={classes.name}>{file.name}</span>
              {file.error ? (
                <>
                  <span className={classes.fileError} role="alert">
                    {file.error}
                  </span>
                  <button type="button" className={classes.remove} aria-label={copy.uploads.remove(file.name)} onClick={() => update(file.key, null)}>
                    <IconX size={16} aria-hidden="true" />
                  </button>
                </>
              ) : (
                <>
                  <progress className={classes.progress} max={1} value={file.progress} aria-label={`${copy.uploads.uploading} ${file.name}`} />
                  <span className={classes.size}>{Math.round(file.progress * 100)}%</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Question>
  );
}
