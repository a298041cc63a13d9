import path from 'node:path';

/** The face fixtures kept in the repository (tests/fixtures/faces; their README says where from). */
export const FACES = path.resolve(import.meta.dirname, '..', 'fixtures', 'faces');
