// Imported first by test files whose stores persist: they must be created on the test storage
// engine (and its storage events), not on the absent localStorage of Node.
import { useTestStorageEngine } from '@nanostores/persistent';

useTestStorageEngine();
