import { renderCodeQuality } from '../codequality/render-code-quality.js';
import type { OutputFormat } from './subjects.js';

export const codequality = {
  name: 'codequality',
  description: "GitLab's Code Quality report",
  renders: {
    validation: ({ findings }) => renderCodeQuality(findings),
  },
} as const satisfies OutputFormat<'codequality'>;
