import type { OutputFormat } from './subjects.js';

export const codequality = {
  name: 'codequality',
  description: "GitLab's Code Quality report",
  renders: {
    validation: async ({ findings }) => {
      const { renderCodeQuality } = await import('../codequality/render-code-quality.js');
      return renderCodeQuality(findings);
    },
  },
} as const satisfies OutputFormat<'codequality'>;
