import type { VersionDeclaration } from '../versioning/version-declaration.js';

/** The supported versions and their notes, newest first. */
export const VERSIONS: readonly VersionDeclaration[] = [
  { version: '5.0.0', notes: ['Removed the cat endpoint'] },
  { version: '4.0.0', notes: ['Removed Dog.age'] },
  { version: '3.0.0', notes: ['Grouped Dog.age and Dog.dog_years into one age object'] },
  { version: '2.1.0', notes: ['Added Dog.age'] },
  { version: '2.0.0', notes: ['Added the dog detail view'] },
  { version: '1.0.0', notes: ['Initial version'] },
];
