// The probe in chromium: the fetch client (engine/src/http.ts is swapped for httpFetch.ts when bundled).
import { HttpClient } from '../../engine/src/http';
import { makeProbe } from './httpProbe';

(globalThis as { wikiqProbe?: unknown }).wikiqProbe = makeProbe(HttpClient);
