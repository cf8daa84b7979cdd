export declare const MAX_COMMENT_CHARS: number;
export declare function markerFor(path: string): string;
export declare function commentBody(marker: string, markdown: string): string;
export declare function upsertComment(options: {
  apiUrl: string;
  token: string;
  repo: string;
  issueNumber: number;
  marker: string;
  markdown: string;
}): Promise<{ action: 'created' | 'updated'; id: number; url?: string }>;
export declare class GitHubApi {
  constructor(apiUrl: string, token: string, permission?: string);
  request(method: string, path: string, body?: unknown): Promise<any>;
}
export declare function pullRequestNumber(eventPath: string | undefined): number | undefined;
