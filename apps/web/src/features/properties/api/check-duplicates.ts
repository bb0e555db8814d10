import {
  type DuplicateCandidate,
  DuplicateCandidatesSchema,
  type DuplicateCheckBody,
} from '@bec/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/properties/duplicates (editors and admins): the stored properties that look like the
 * one being entered (same address in the comuna, same type within 50 m, or the same photo).
 */
export const checkDuplicates = (body: DuplicateCheckBody): Promise<DuplicateCandidate[]> =>
  apiRequest('/properties/duplicates', DuplicateCandidatesSchema, { method: 'POST', body }).then(
    (data) => data.candidates,
  );
