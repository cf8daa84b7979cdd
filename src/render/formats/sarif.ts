import { renderSarif } from '../sarif/render-sarif.js';
import type { OutputFormat } from './subjects.js';

export const sarif = {
  name: 'sarif',
  description: 'SARIF 2.1.0, for GitHub code scanning',
  renders: {
    validation: ({ findings, tool }) => renderSarif(findings, tool),
  },
} as const satisfies OutputFormat<'sarif'>;
