/** Input schemas more than one tool module shares (tools.ts, writeTools.ts). */
import { z } from './sdk';

export const endpoint = z.string().max(2000).optional().describe('The wiki: its api.php URL or the name of an environment this server was started with. Default: the one the request names, else the first configured wiki.');
