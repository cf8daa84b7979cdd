var t="https://github.com/monitors-as-code/monitors";function n(o){return`${t}/blob/main/docs/${o}`}export{t as a,n as b};
