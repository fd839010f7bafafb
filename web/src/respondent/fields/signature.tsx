/**
 * Signature on the public form: a pad (a `<canvas>`) the respondent signs on with a mouse, a finger or a pen (pointer
 * events; the page does not scroll while signing), or — for keyboard and screen-reader users, or anyone who prefers —
 * 'Type your name instead': the typed name is drawn on the pad in a handwriting face. Shortly after the last stroke
 * (or keystroke) the pad is uploaded as a PNG through the form's uploader (`uploads.ts`, the public upload call, as an
 * image) and the answer is that upload's reference (`answers/signature.ts`); 'Clear' empties pad and answer. The
 * status line says 'Uploading…', 'Signature saved' or why the upload failed.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import * as copy from '@formloom/contracts/copy';
import { toUploadReference } from '@formloom/contracts/answers/shared/uploads';
import { SIGNATURE_CONTENT_TYPE } from '@formloom/contracts/answers/signature';
import { errorMessage } from '../../lib/api-client';
import { useUploader } from '../uploads';
import { Question } from './question';
import type { FieldProps, WidgetOf } from './types';
import classes from './signature.module.css';

/** The pad's size in canvas pixels (drawn at any width, 3:1). */
const PAD = { width: 600, height: 200 } as const;
/** How long after the last stroke or keystroke the signature is uploaded (ms). */
export const SIGNATURE_SAVE_DELAY_MS = 600;
/** The file name of an uploaded signature. */
export const SIGNATURE_FILE_NAME = 'signature.png';


/** The pad's point under a pointer event, in canvas pixels. */
function pointOf(canvas: HTMLCanvasElement, event: PointerEvent<HTMLCanvasElement>): { x: number; y: number } {
  const box = canvas.getBoundingClientRect();
  const scaleX = box.width > 0 ? canvas.width / box.width : 1;
  const scaleY = box.height > 0 ? canvas.height / box.height : 1;
  return { x: (event.clientX - box.left) * scaleX, y: (event.clientY - box.top) * scaleY };
}

/** The pad's PNG, or null where the browser cannot make one. */
function padImage(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob((blob) => resolve(blob), SIGNATURE_CONTENT_TYPE);
    } catch {
      resolve(null);
    }
  });
}

/** The Signature renderer; the answer is the uploaded PNG's reference. */
export function SignatureField({ widget, value, error, onChange, inputId }: FieldProps<WidgetOf<'Signature'>>) {
  const { label, required } = widget.template;
  const uploader = useUploader();
  const signed = toUploadReference(value);
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const [inked, setInked] = useState(false);
  // The status line: '', 'Uploading…', 'Signature saved', or why the upload failed (`failed`).
  const [status, setStatus] = useState({ text: signed ? copy.uploads.signatureSaved : '', failed: false });
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Each change of the pad starts a new generation: an upload that finishes after a later change is dropped.
  const generation = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  const pen = () => {
    const context = canvasRef.current?.getContext('2d') ?? null;
    if (context) {
      context.lineWidth = 2.5;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.strokeStyle = '#111';
      context.fillStyle = '#111';
    }
    return context;
  };

  async function save(current: number) {
    const canvas = canvasRef.current;
    if (!canvas) return;
    setStatus({ text: copy.uploads.uploading, failed: false });
    try {
      const image = await padImage(canvas);
      if (!image) throw new Error(copy.uploads.uploadFailed);
      const reference = await uploader.upload(widget.id, image, SIGNATURE_FILE_NAME);
      if (current !== generation.current) return;
      onChange(reference);
      setStatus({ text: copy.uploads.signatureSaved, failed: false });
    } catch (failure) {
      if (current === generation.current) setStatus({ text: errorMessage(failure), failed: true });
    }
  }

  /** The pad changed: the answer waits for the new upload, which starts once the respondent pauses. */
  function changed() {
    const current = ++generation.current;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(current), SIGNATURE_SAVE_DELAY_MS);
  }

  function clear() {
    generation.current++;
    clearTimeout(timer.current);
    canvasRef.current?.getContext('2d')?.clearRect(0, 0, PAD.width, PAD.height);
    setInked(false);
    setTyped('');
    setStatus({ text: '', failed: false });
    onChange(undefined);
  }

  function drawTyped(name: string) {
    const context = pen();
    if (!context) return;
    context.clearRect(0, 0, PAD.width, PAD.height);
    context.font = 'italic 56px "Segoe Script", "Bradley Hand", "Brush Script MT", cursive';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(name, PAD.width / 2, PAD.height / 2, PAD.width - 40);
  }

  function onTyped(name: string) {
    setTyped(name);
    drawTyped(name);
    if (name.trim() === '') return clear();
    setInked(true);
    changed();
  }

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    const canvas = canvasRef.current;
    const context = pen();
    if (!canvas || !context || typing) return;
    event.preventDefault();
    canvas.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = pointOf(canvas, event);
    context.beginPath();
    context.moveTo(x, y);
    // A dot for a tap.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!drawing.current || !canvas || !context) return;
    const { x, y } = pointOf(canvas, event);
    context.lineTo(x, y);
    context.stroke();
  }

  function onPointerUp() {
    if (!drawing.current) return;
    drawing.current = false;
    setInked(true);
    changed();
  }

  function switchMode() {
    clear();
    setTyping((now) => !now);
  }

  return (
    <Question inputId={inputId} label={label} required={required} hint={typing ? undefined : copy.uploads.drawHint} error={error} kind="group">
      <div className={classes.pad} data-typing={typing || undefined}>
        <canvas
          ref={canvasRef}
          width={PAD.width}
          height={PAD.height}
          className={classes.canvas}
          role="img"
          aria-label={signed || inked ? `${label}: ${copy.uploads.signed}` : label}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          data-testid="signature-pad"
        />
      </div>
      {typing && (
        <div className={classes.typed}>
          <label htmlFor={`${inputId}-name`} className={classes.typedLabel}>
            {copy.uploads.typedName}
          </label>
          <input
            id={`${inputId}-name`}
            className={classes.nameInput}
            type="text"
            autoComplete="name"
            value={typed}
            maxLength={100}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onTyped(event.currentTarget.value)}
          />
        </div>
      )}
      <div className={classes.actions}>
        <button id={inputId} type="button" className={classes.action} onClick={switchMode}>
          {typing ? copy.uploads.drawInstead : copy.uploads.typeInstead}
        </button>
        <button type="button" className={classes.action} onClick={clear} disabled={!inked && !signed}>
          {copy.uploads.clear}
        </button>
        <span className={classes.status} data-failed={status.failed || undefined} aria-live="polite" data-testid="signature-status">
          {status.text}
        </span>
      </div>
      {!uploader.live && <p className={classes.note}>{copy.uploads.previewOnly}</p>}
    </Question>
  );
}
