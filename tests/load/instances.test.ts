// How a problem found in several instances of a template is reported once.
import { describe, expect, it } from 'vitest';
import { groupByInstance, instanceLabel } from '../../src/load/expand/instances.js';
import { error } from '../../src/load/values/problem.js';

const staging = (each?: string) => ({ env: 'staging', each });
const production = (each?: string) => ({ env: 'production', each });

describe('instance labels', () => {
  it('name nothing without for_each and environments (messages as they always were)', () => {
    expect(instanceLabel([{ env: undefined, each: undefined }], 0)).toBe('');
  });

  it('name the environment only when the problem is not in every environment checked', () => {
    expect(instanceLabel([staging()], 2)).toBe('env=staging');
    expect(instanceLabel([staging(), production()], 2)).toBe('');
    expect(instanceLabel([staging()], 1)).toBe(''); // only staging was checked (--env staging)
  });

  it('name the first instance and count the other monitors (instances in each environment)', () => {
    expect(instanceLabel([staging('region=a'), staging('region=b'), staging('region=c')], 2)).toBe(
      'region=a, env=staging; and 2 more monitors',
    );
    expect(instanceLabel([staging('region=a'), production('region=a')], 2)).toBe('region=a; and 1 more monitor');
    // Six instances in two environments are twelve monitors, not "and 5 more".
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((r) => `service=${r}`);
    expect(instanceLabel([...six.map(staging), ...six.map(production)], 2)).toBe('service=a; and 11 more monitors');
  });

  it('merge equal problems of several instances into one, keeping different ones apart', () => {
    const p = error(['monitors', 0, 'url'], 'template.unknown_var', 'var "x" is not defined');
    const other = error(['monitors', 0, 'name'], 'schema.minLength', 'name must be at least 2 characters long');
    const grouped = groupByInstance(
      [
        { ...p, instance: staging('region=a') },
        { ...other, instance: staging('region=a') },
        { ...p, instance: staging('region=b') },
        { ...p, instance: production('region=a') },
      ],
      2,
    );
    expect(grouped.map((g) => g.message)).toEqual([
      'var "x" is not defined (region=a; and 2 more monitors)',
      'name must be at least 2 characters long (region=a, env=staging)',
    ]);
    expect(grouped.every((g) => g.instance === undefined)).toBe(true);
  });
});
