import { useState, type DragEvent, type Ref } from 'react';

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
