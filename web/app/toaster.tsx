// sonner's styles load with its outlet (web/app/lazy-toaster.tsx), not in the style sheet every
// first paint waits for (14 KB of the 82 KB the browser parsed before drawing anything, in
// scripts/lighthouse.mjs's audit of the first page)
import 'sonner/dist/styles.css';
import './toaster.css';

export { Toaster } from 'sonner';
