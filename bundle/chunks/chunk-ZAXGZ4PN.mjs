import { createRequire as __monitorsCreateRequire } from 'node:module';
const require = __monitorsCreateRequire(import.meta.url);
var r="MONITORS_CI_API_URL",s="MONITORS_CI_TOKEN";function i(n,e){return(n[r]?.trim()||e)?.replace(/\/+$/,"")}function c(n,e){for(let o of[s,...e]){let t=n[o]?.trim();if(t)return{token:t,variable:o}}}export{s as a,i as b,c};
