import type { Active, Over } from '@dnd-kit/core';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '@/features/pipeline/messages';
import {
  boardDragAnnouncements,
  columnDropId,
  stageOfDropId,
} from '@/features/pipeline/components/board-drag-messages';
import { activateLocale } from '@/i18n/i18n';

const active = { id: 'card-7' } as Active;
const over = (stage: 'new' | 'to_visit' | 'visited') => ({ id: columnDropId(stage) }) as Over;

beforeEach(async () => {
  await act(() => activateLocale('es-CL'));
});

describe('boardDragAnnouncements', () => {
  it('says in Spanish what was picked up, where it is, and where it was dropped', () => {
    const picked = { current: false };
    const say = boardDragAnnouncements(() => ({ name: 'Casa en Ñuñoa', stage: 'new' }), picked);
    expect(say.onDragStart({ active })).toBe('Tomaste Casa en Ñuñoa, en la columna Nueva.');
    // Right after picking it up, dnd-kit reports it over its own column: not read out.
    expect(say.onDragOver?.({ active, over: over('new') })).toBeUndefined();
    expect(say.onDragOver?.({ active, over: over('to_visit') })).toBe(
      'Casa en Ñuñoa está sobre la columna Por visitar.',
    );
    expect(say.onDragOver?.({ active, over: null })).toBe(
      'Casa en Ñuñoa no está sobre ninguna columna.',
    );
    expect(say.onDragEnd({ active, over: over('visited') })).toBe(
      'Soltaste Casa en Ñuñoa en la columna Visitada.',
    );
    expect(say.onDragEnd({ active, over: over('new') })).toBe('Casa en Ñuñoa se quedó en Nueva.');
    expect(say.onDragCancel({ active, over: null })).toBe(
      'Cancelaste el movimiento; Casa en Ñuñoa sigue en Nueva.',
    );
  });

  it('reads a column id back as its stage, and nothing else', () => {
    expect(stageOfDropId(columnDropId('offer_made'))).toBe('offer_made');
    expect(stageOfDropId('card-3')).toBeNull();
    expect(stageOfDropId(null)).toBeNull();
  });
});
