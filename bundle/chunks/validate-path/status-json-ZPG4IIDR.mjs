import"./chunk-6BDXT2B7.mjs";function r(t){return`${JSON.stringify(t,null,2)}
`}export{r as renderStatusJson};
