/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by the API server when it serves this site: runs an API GET in-process. */
    apiGet?: (path: string) => Promise<{ status: number; body: unknown }>;
  }
}
