import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from './export-columns.js';
import { IMPORTED_FIELDS, ImportedListingFieldsSchema } from './listing-import.js';
import { CreatePropertyBodySchema, UpdatePropertyBodySchema } from './property.js';
import {
  FOCUSABLE_PROPERTY_FIELDS,
  PROPERTY_FIELD_ORDER,
  PROPERTY_FIELDS,
} from './property-fields.js';

describe('the catalogue of a property’s fields (ADR 066)', () => {
  it('describes exactly the add payload’s fields, so a field added to the schema alone fails here', () => {
    expect(PROPERTY_FIELD_ORDER.toSorted()).toEqual(
      Object.keys(CreatePropertyBodySchema.shape).toSorted(),
    );
  });

  it('describes the edit payload’s fields too, its version stamp aside', () => {
    const edit = Object.keys(UpdatePropertyBodySchema.shape).filter((key) => key !== 'updated_at');
    expect(PROPERTY_FIELD_ORDER.toSorted()).toEqual(edit.toSorted());
  });

  it('gives the import the fields its proposal holds', () => {
    expect([...IMPORTED_FIELDS].toSorted()).toEqual(
      Object.keys(ImportedListingFieldsSchema.shape).toSorted(),
    );
  });

  it('names each column, history field and card field at most once', () => {
    for (const fact of ['column', 'history', 'card'] as const) {
      const names = PROPERTY_FIELD_ORDER.map((key) => PROPERTY_FIELDS[key][fact]).filter(
        (name) => name !== null,
      );
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('names only the export’s columns, each at most once', () => {
    const columns = PROPERTY_FIELD_ORDER.map((key) => PROPERTY_FIELDS[key].csv).filter(
      (column) => column !== null,
    );
    for (const column of columns) expect(EXPORT_COLUMNS).toContain(column);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('lets the error focus land only on a box of the form', () => {
    for (const key of FOCUSABLE_PROPERTY_FIELDS)
      expect(PROPERTY_FIELDS[key].section).not.toBeNull();
  });
});
