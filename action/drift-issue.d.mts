import type { GitHubApi } from './upsert-comment.mjs';

export declare const DEFAULT_DRIFT_LABEL: string;
export declare function driftMarkerFor(path: string): string;
export declare function driftTitle(path: string): string;
export declare function driftBody(options: { path: string; planMarkdown: string; runUrl?: string; now?: Date }): string;
export declare function findDriftIssue(
  api: GitHubApi,
  repo: string,
  path: string,
  label: string,
): Promise<{ number: number; body: string } | undefined>;
interface DriftTarget {
  apiUrl: string;
  token: string;
  repo: string;
  path: string;
  label?: string;
  runUrl?: string;
  now?: Date;
}
export declare function reportDrift(
  options: DriftTarget & { planMarkdown: string },
): Promise<{ action: 'opened' | 'updated'; number: number; url?: string }>;
export declare function closeDrift(
  options: DriftTarget,
): Promise<{ action: 'closed'; number: number; url?: string } | { action: 'none'; number?: undefined }>;
