// DOM tests: screens are lazy chunks that vitest compiles on first import, which takes well over
// testing-library's 1 s default on a loaded 2-core machine. Waiting longer changes no assertion.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
