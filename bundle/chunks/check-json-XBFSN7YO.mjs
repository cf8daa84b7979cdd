import"./chunk-JBJVVJLC.mjs";function r(e){return`${JSON.stringify(e,null,2)}
`}export{r as renderCheckJson};
