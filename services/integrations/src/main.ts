/** Process entry: runs the integrations service from `process.env` (see `config.ts` and the kit's config). */
import { runService } from '@formloom/kit/main';
import { definition } from './app';

void runService(definition);
