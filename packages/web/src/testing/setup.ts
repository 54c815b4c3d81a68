import { configure } from '@testing-library/react';

// findBy…/waitFor wait up to 5 s instead of 1 s: on a loaded CI machine the first MUI render of a screen
// can take longer than a second. The assertions stay the same; only the patience grows.
configure({ asyncUtilTimeout: 5_000 });
