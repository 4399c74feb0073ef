import { parseWithoutEvalInBrowser } from '@chairline/shared/zod-in-browser';

// Imported first by every island: zod decides whether to compile parsers with `new Function` as
// soon as the first schema is built, and the Content-Security-Policy refuses eval.
parseWithoutEvalInBrowser();
