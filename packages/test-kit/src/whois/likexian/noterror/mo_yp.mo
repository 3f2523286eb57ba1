% Domain Information over Whois protocol
%
% Monic Whois Server Version 1.0

Domain Name: yp.mo
Record created on 2005-04-15 21:43:27
Record expires on 2020-11-02

Registrant:
-----------------------------------------------------
Org:          Directel Macau Ltd.
Name:         George Shew
Address:      Alm.Dr. Carlos d'Assumpcao 411-417, Dynasty Plaza 21/O
Address:      
Address:      
City:      Macau
State or Province:      
Postal Code:      
Country / Region:      MO
Phone:        28517520
Fax-no:       28517523
E-mail:       george@yp.mo

Admin Contact(s):
-----------------------------------------------------
Org:          Directel Macau Ltd.
Name:         Simon Leung
Address:      Alm.Dr. Carlos d'Assumpcao 411-417, Dynasty Plaza 21/O
Address:      
Address:      
City:      Macau
State or Province:      
Postal Code:      
Country / Region:      MO
Phone:        28517520
Fax-no:       28517523
E-mail:       domain@yp.com.mo

Billing Contact(s):
-----------------------------------------------------
Org:          Directel Macau Ltd.
Name:         Eliza Loi
Address:      Alm Dr. Carlos d'Assumpcao 411-417, Edf. Dynasty Plaza 21
Address:      
Address:      
City:      Macau
State or Province:      
Postal Code:      
Country / Region:      MO
Phone:        28517520
Fax-no:       28517523
E-mail:       eliza.loi@yp.com.mo

Technical Contact(s):
-----------------------------------------------------
Org:          Directel Macau Ltd.
Name:         Simon Leung
Address:      Alm Dr. Carlos d'Assumpcao 411-417, Edf. Dynasty Plaza 21
Address:      
Address:      
City:      Macau
State or Province:      
Postal Code:      
Country / Region:      MO
Phone:        28517520
Fax-no:       28517523
E-mail:       simon.leung@yp.com.mo

Domain name servers:
-----------------------------------------------------
kim.ns.cloudflare.com
art.ns.cloudflare.com
