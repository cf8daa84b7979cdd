// The Code Quality format (GitLab's) in the format registry: which commands render it, and with
// which renderer.
import type { OutputFormat } from './subjects.js';

export const codequality = {
  name: 'codequality',
  description: "GitLab's Code Quality report",
  renders: {
    validation: async ({ findings, policyRules }) => {
      const { renderCodeQuality } = await import('../codequality/render-code-quality.js');
      return renderCodeQuality(findings, policyRules);
    },
  },
} as const satisfies OutputFormat<'codequality'>;
