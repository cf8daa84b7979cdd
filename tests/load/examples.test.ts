import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fastParse } from '../../src/load/parse/fast-parse.js';
import { loadDesiredState } from '../../src/load/index.js';
import { MONITOR_TYPES } from '../../src/schema/monitor-input-schema.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENV = {
  SHOP_API_TOKEN: 'shop-token',
  SHOP_ADMIN_PASSWORD: 'admin-pw',
  GATEWAY_API_KEY: 'gw-key',
  STAGING_SHOP_API_TOKEN: 'st-token',
  PRODUCTION_SHOP_API_TOKEN: 'pr-token',
};

describe('examples', () => {
  it('validate without a diagnostic (warnings included) when their variables are set', async () => {
    const r = await loadDesiredState(['examples/shop', 'examples/model-gateway'], { env: ENV, cwd: ROOT });
    expect(r.diagnostics).toEqual([]);
    expect(r.state.monitors.length).toBeGreaterThanOrEqual(15);
    expect(r.state.monitors.length).toBeLessThanOrEqual(25);
  });

  it('the shop covers every monitor type and uses ${env:...} secrets', async () => {
    const r = await loadDesiredState(['examples/shop'], { env: ENV, cwd: ROOT });
    expect(new Set(r.state.monitors.map((m) => m.input.type))).toEqual(new Set(MONITOR_TYPES));
    expect(r.state.monitors.filter((m) => m.envRefs.auth_secret).map((m) => m.envRefs.auth_secret)).toEqual([
      '${env:SHOP_API_TOKEN}',
      '${env:SHOP_ADMIN_PASSWORD}',
    ]);
  });

  it('the gateway set checks GET /v1/models with bearer auth and a json pointer on the list', async () => {
    const r = await loadDesiredState(['examples/model-gateway'], { env: ENV, cwd: ROOT });
    const models = r.state.monitors.find((m) => m.input.type === 'json');
    expect(models?.input).toMatchObject({
      method: 'GET',
      auth_type: 'bearer',
      auth_secret: 'gw-key',
      json_pointer: '/data/0/id',
      json_operator: 'exists',
    });
    expect(models?.input.url).toMatch(/\/v1\/models$/);
  });

  it('name the variables they need when they are missing', async () => {
    const r = await loadDesiredState(['examples/shop', 'examples/model-gateway'], { env: {}, cwd: ROOT });
    expect(r.diagnostics.map((d) => d.message.split(' ')[2]).sort()).toEqual([
      'GATEWAY_API_KEY',
      'SHOP_ADMIN_PASSWORD',
      'SHOP_API_TOKEN',
    ]);
  });

  it('the environments set makes other monitors in staging and production from the same templates', async () => {
    const r = await loadDesiredState(['examples/environments'], { env: ENV, cwd: ROOT });
    expect(r.diagnostics).toEqual([]);
    expect(r.declaredEnvironments).toEqual(['staging', 'production']);
    const [staging, production] = r.environments.map((e) => e.state);
    expect([staging!.monitors.length, production!.monitors.length]).toEqual([14, 20]);
    const orders = (s: typeof staging) =>
      s!.monitors
        .filter((m) => m.name.startsWith('orders API'))
        .map((m) => [m.name, m.input.url, m.input.interval_seconds, m.input.auth_secret]);
    expect(orders(staging)).toEqual([
      ['orders API (eu-west)', 'https://eu-west.orders.staging.shop.example.com/healthz', 600, 'st-token'],
      ['orders API (us-east)', 'https://us-east.orders.staging.shop.example.com/healthz', 600, 'st-token'],
    ]);
    expect(orders(production)).toHaveLength(3);
    expect(production!.monitors.find((m) => m.name === 'orders API (ap-south)')?.envRefs.auth_secret).toBe(
      '${env:PRODUCTION_SHOP_API_TOKEN}',
    );
    expect(staging!.monitors.some((m) => m.name === 'admin login')).toBe(false);
    expect(production!.monitors.some((m) => m.name === 'admin login')).toBe(true);
    expect(production!.settings.environment).toMatchObject({
      name: 'production',
      tokenEnv: 'MONITORS_PRODUCTION_TOKEN',
      apiUrl: 'https://monitoring.example.com/api/v1',
    });
  });

  it('take the fast path and start with the editor schema line', () => {
    for (const dir of ['examples/shop', 'examples/model-gateway', 'examples/environments']) {
      for (const file of readdirSync(`${ROOT}/${dir}`)) {
        const text = readFileSync(`${ROOT}/${dir}/${file}`, 'utf8');
        expect(text.startsWith('# yaml-language-server: $schema=../../schema/monitors-file.schema.json\n'), file).toBe(
          true,
        );
        expect(fastParse(text), file).toBeDefined();
      }
    }
  });
});
