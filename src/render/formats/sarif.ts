// The SARIF format in the format registry: which commands render it, and with which renderer.
import type { OutputFormat } from './subjects.js';

export const sarif = {
  name: 'sarif',
  description: 'SARIF 2.1.0, for GitHub code scanning',
  renders: {
    validation: async ({ findings, tool, policyRules }) => {
      const { renderSarif } = await import('../sarif/render-sarif.js');
      return renderSarif(findings, tool, policyRules);
    },
    coverage: async ({ findings, tool }) => {
      const { renderSarif } = await import('../sarif/render-sarif.js');
      return renderSarif(findings, tool);
    },
  },
} as const satisfies OutputFormat<'sarif'>;
