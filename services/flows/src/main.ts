/** Process entry of the flows service: reads the environment, migrates, listens. */
import { runService } from '@formloom/kit/main';
import { definition } from './app';

void runService(definition);
