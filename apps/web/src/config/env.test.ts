import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults the API base to /api', () => {
    expect(parseEnv({ DEV: false, MODE: 'production' })).toEqual({
      API_BASE: '/api',
      IS_DEV: false,
      MODE: 'production',
    });
  });

  it('takes a URL and drops a trailing slash', () => {
    expect(
      parseEnv({ VITE_API_BASE: 'https://api.example.com/', DEV: true, MODE: 'x' }).API_BASE,
    ).toBe('https://api.example.com');
  });

  it('lists every problem at once', () => {
    expect(() => parseEnv({ VITE_API_BASE: 'api', MODE: 3 })).toThrow(
      /VITE_API_BASE must be a path[\s\S]*DEV must be a boolean[\s\S]*MODE must be a string/,
    );
  });
});
