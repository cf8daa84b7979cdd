import"./chunk-6BDXT2B7.mjs";function r(e){return`${JSON.stringify(e,null,2)}
`}export{r as renderCheckJson};
