// Compiled by the typecheck (tsc covers tests/), never run. Each set of variants is one
// `const` list, and each table over it is a Record of that list: these lines prove it, and a
// line marked @ts-expect-error fails the typecheck the day it compiles. `Grown<...>` is the
// list with one member more: assigning a table to it must fail, which is what makes the
// compiler name the table when a member is added for real.
import type { Probe } from '../../src/check/probes/probe.js';
import { PROBES } from '../../src/check/probes/index.js';
import { TARGET_SHOWN_AS } from '../../src/check/target.js';
import { PROVIDER_LOADERS } from '../../src/ci/load-provider.js';
import { DETECTED_BY, type ProviderName } from '../../src/ci/provider-names.js';
import { CI_STARTERS } from '../../src/init/ci-starters.js';
import { REQUIRED_BY_TYPE, URL_FORM_BY_TYPE, USED_BY_TYPE, type MonitorType } from '../../src/schema/type-fields.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// Every table covers its whole list, and nothing else.
export const covered: [
  Equal<keyof typeof PROBES, MonitorType>,
  Equal<keyof typeof REQUIRED_BY_TYPE, MonitorType>,
  Equal<keyof typeof USED_BY_TYPE, MonitorType>,
  Equal<keyof typeof URL_FORM_BY_TYPE, MonitorType>,
  Equal<keyof typeof TARGET_SHOWN_AS, MonitorType>,
  Equal<keyof typeof PROVIDER_LOADERS, ProviderName>,
  Equal<keyof typeof DETECTED_BY, ProviderName>,
  Equal<keyof typeof CI_STARTERS, ProviderName>,
] = [true, true, true, true, true, true, true, true];

// A member added to a list is missing from each table until the table handles it.
type GrownType = MonitorType | 'grpc';
type GrownProvider = ProviderName | 'buildkite';
// @ts-expect-error no probe for a new monitor type
export const probes: Record<GrownType, Probe> = PROBES;
// @ts-expect-error no required fields said for a new monitor type
export const required: Record<GrownType, unknown> = REQUIRED_BY_TYPE;
// @ts-expect-error no used fields said for a new monitor type
export const used: Record<GrownType, unknown> = USED_BY_TYPE;
// @ts-expect-error no url form said for a new monitor type
export const urlForm: Record<GrownType, unknown> = URL_FORM_BY_TYPE;
// @ts-expect-error no way to name a new monitor type's target in check results
export const shownAs: Record<GrownType, unknown> = TARGET_SHOWN_AS;
// @ts-expect-error no loader for a new CI provider
export const loaders: Record<GrownProvider, unknown> = PROVIDER_LOADERS;
// @ts-expect-error no detection said for a new CI provider
export const detected: Record<GrownProvider, unknown> = DETECTED_BY;
// @ts-expect-error no starter (nor an explicit undefined) for a new CI provider in monitors init
export const starters: Record<GrownProvider, unknown> = CI_STARTERS;

// Formats are one list too: see tests/render/formats/registry.types.ts.
