export interface DeclaredEnvironment {
  name: string;
  tokenEnv: string | undefined;
  lockFile: string;
}
export interface Section {
  name: string;
  ok?: boolean;
  code?: number;
  skipped?: boolean;
  markdown?: string;
  body?: string;
  /** The plan found changes (plan, drift). */
  changes?: boolean;
  /** With the `check` input: how `monitors check --changed` ended in this environment. */
  check?: 'ok' | 'failed';
}
export declare function environmentsFromReport(stdout: string): DeclaredEnvironment[];
export declare function selectEnvironments(input: string, declared: DeclaredEnvironment[]): DeclaredEnvironment[];
export declare function environmentChildEnv(
  baseEnv: Record<string, string | undefined>,
  environment: DeclaredEnvironment,
  all: DeclaredEnvironment[],
): Record<string, string | undefined>;
export declare function summaryOf(section: Section): string;
export declare function combinedReport(command: string, path: string, sections: Section[], room?: number): string;
export declare function fitSection(text: string, room: number): string;
