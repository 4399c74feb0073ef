import { useEffect, useState } from 'react';

declare global {
  interface ImportMetaEnv {
    /** The year the front end was built in (vite.config.ts), the year the prerendered sign-in page shows. */
    readonly VITE_BUILD_YEAR?: string;
  }
}

const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();

/**
 * The year of the copyright line. The sign-in page is prerendered at build time, and hydration must
 * render what the HTML holds (a different text is a mismatch, and React then throws the page away
 * and renders it again), so the first render gives the build year and an effect the visitor's.
 */
export function useCopyrightYear(): number {
  const [year, setYear] = useState(BUILD_YEAR);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
}
