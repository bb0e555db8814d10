import { describe, expect, it } from 'vitest';
import { csvRowCounter } from '@/lib/csv-rows';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('csvRowCounter', () => {
  it('counts the lines after the header', () => {
    const counter = csvRowCounter();
    expect(counter.rows).toBe(0);
    counter.add(bytes('\uFEFFID;Nombre\r\n'));
    expect(counter.rows).toBe(0);
    counter.add(bytes('1;Casa en Ñuñoa\r\n2;Depto en Providencia\r\n'));
    expect(counter.rows).toBe(2);
  });

  it('does not end a row at a newline inside quotes, escaped quotes included', () => {
    const counter = csvRowCounter();
    counter.add(bytes('ID;Notas\r\n1;"Vista al cerro\r\nPiso 12; ""alto"""\r\n2;sin notas\r\n'));
    expect(counter.rows).toBe(2);
  });

  it('gives the same count however the bytes are split', () => {
    const csv = bytes('ID;Notas\r\n1;"línea 1\nlínea 2"\r\n2;"dijo ""sí"""\r\n3;Peñalolén\r\n');
    for (let size = 1; size <= 7; size++) {
      const counter = csvRowCounter();
      for (let i = 0; i < csv.length; i += size) counter.add(csv.subarray(i, i + size));
      expect(counter.rows).toBe(3);
    }
  });
});
