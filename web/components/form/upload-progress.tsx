import { useState, type DragEvent, type Ref } from 'react';
import { Spinner } from '../spinner';

// spec 01 §4 / spec 02 §4: uploading with a percent, then 'Generating Preview...' at 100%, then done.
export const GENERATING_PREVIEW = 'Generating Preview...';
export const uploadingText = (percent: number) => `Uploading… ${percent}%`;

/** Where an upload field is: idle (value or none), sending bytes, or waiting for its preview. */
export type UploadPhase = { step: 'idle' } | { step: 'uploading'; percent: number } | { step: 'generating' };

export const isBusy = (phase: UploadPhase) => phase.step !== 'idle';

/** The percent bar and its words; announced politely to assistive tech. */
export function UploadProgress({ phase, className }: { phase: UploadPhase; className?: string }) {
  if (phase.step === 'idle') return null;
  const generating = phase.step === 'generating' || phase.percent >= 100;
  const percent = phase.step === 'uploading' ? Math.min(100, Math.max(0, phase.percent)) : 100;
  return (
    <div className={className}>
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-stone-700">
        <Spinner className="text-brand-700" />
        {generating ? GENERATING_PREVIEW : uploadingText(percent)}
      </p>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-200 motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/** Drag-and-drop of one file onto an element; `dragging` lets it light up. */
export function useFileDrop(onFile: (file: File) => void, disabled?: boolean) {
  const [dragging, setDragging] = useState(false);
  const accept = (event: DragEvent) => {
    if (disabled || !Array.from(event.dataTransfer.types).includes('Files')) return false;
    event.preventDefault();
    return true;
  };
  return {
    dragging,
    dropProps: {
      onDragEnter: (event: DragEvent) => accept(event) && setDragging(true),
      onDragOver: (event: DragEvent) => {
        if (accept(event)) event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (event: DragEvent) => {
        // Leaving for a child is not leaving the target.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        setDragging(false);
        if (disabled) return;
        event.preventDefault();
        const file = event.dataTransfer.files[0];
        if (file) onFile(file);
      },
    },
  };
}

/** Points a react-hook-form ref (callback or object) at the element as well as our own ref. */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]) {
  return (element: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(element);
      else if (ref) (ref as { current: T | null }).current = element;
    }
  };
}
