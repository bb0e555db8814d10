import { describe, expect, it } from 'vitest';
import { isLocale, spokenLocale } from './locale.js';

describe('spokenLocale', () => {
  it('takes the first tag BEC speaks: any Spanish is es-CL, any English en', () => {
    expect(spokenLocale(['fr-FR', 'es-AR', 'en'])).toBe('es-CL');
    expect(spokenLocale(['de', 'EN-gb', 'es'])).toBe('en');
    expect(spokenLocale([' es '])).toBe('es-CL');
  });

  it('answers null when it speaks none of them', () => {
    expect(spokenLocale([])).toBeNull();
    expect(spokenLocale(['fr', 'pt-BR', ''])).toBeNull();
  });
});

describe('isLocale', () => {
  it('knows exactly the two languages', () => {
    expect(isLocale('es-CL')).toBe(true);
    expect(isLocale('en')).toBe(true);
    expect(isLocale('es')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});
