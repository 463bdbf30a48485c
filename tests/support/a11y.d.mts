import type { Page } from 'playwright-core';

export const AXE_TAGS: string[];
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}
export function runAxe(page: Page, options?: { exclude?: string[] }): Promise<AxeViolation[]>;
export function scrollThrough(page: Page): Promise<void>;
export const VNU_JAR: string;
export function runNu(files: string[]): Promise<Record<string, { errors: string[]; warnings: string[] }>>;
export function routesOf(base: string): Promise<string[]>;
