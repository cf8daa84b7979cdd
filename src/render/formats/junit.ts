import { renderCheckJunit } from '../junit/check-junit.js';
import { renderStatusJunit } from '../junit/status-junit.js';
import type { OutputFormat } from './subjects.js';

export const junit = {
  name: 'junit',
  description: 'JUnit XML, for CI test reports',
  renders: {
    check: (report) => renderCheckJunit(report),
    status: ({ report }) => renderStatusJunit(report),
  },
} as const satisfies OutputFormat<'junit'>;
